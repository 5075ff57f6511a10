import { createHmac } from 'node:crypto';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import * as oidc from 'openid-client';
import type { OAuthConfig } from '../../config.ts';
import {
  configureOAuth2,
  createProviderClient,
  discover,
  ProviderError,
  text,
  type ProviderClient,
} from './provider-client.ts';
import type { OAuthProviderName } from './repository.ts';

type Settings<P extends OAuthProviderName> = NonNullable<OAuthConfig[P]>;

/** Apple's client secret: a short ES256 JWT signed with the team's key, made for each exchange. */
function appleClientSecret(apple: Settings<'apple'>): oidc.ClientAuth {
  let key: Promise<CryptoKey> | undefined;
  return async (_server, client, body) => {
    key ??= importPKCS8(apple.privateKey, 'ES256');
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
      .setIssuer(apple.teamId)
      .setSubject(apple.clientId)
      .setAudience(apple.issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await key);
    body.set('client_id', client.client_id);
    body.set('client_secret', secret);
  };
}

/** The name Apple posts, on the first sign-in only, as JSON in the form's `user`. */
function appleName(user: string | undefined) {
  try {
    const { name } = JSON.parse(user ?? '{}') as { name?: Record<string, unknown> };
    return {
      firstName: text(name?.firstName).slice(0, 100),
      lastName: text(name?.lastName).slice(0, 100),
    };
  } catch {
    return { firstName: '', lastName: '' };
  }
}

/** Apple answers with a form POST (response_mode=form_post); its ID token carries no name. */
function appleClient(apple: Settings<'apple'>): ProviderClient {
  const client = createProviderClient({
    params: { scope: 'name email', response_mode: 'form_post' },
    configure: () => discover(apple.issuer, apple.clientId, appleClientSecret(apple)),
  });
  return {
    start: client.start,
    finish: async (redirectUri, answer, pending) => ({
      ...(await client.finish(redirectUri, answer, pending)),
      ...appleName(answer.user),
    }),
  };
}

/** Facebook is OAuth 2 only: no ID token; the profile comes from the Graph API. */
function facebookClient(facebook: Settings<'facebook'>): ProviderClient {
  const { appId, appSecret } = facebook;
  return createProviderClient({
    params: { scope: 'email,public_profile' },
    configure: async () => configureOAuth2(facebook, appId, oidc.ClientSecretPost(appSecret)),
    async identify({ access_token: token }, config) {
      const url = new URL(facebook.userinfoUrl);
      url.searchParams.set('fields', 'id,name,email,first_name,last_name');
      // The app secret proof Facebook recommends for calls from a server.
      url.searchParams.set(
        'appsecret_proof',
        createHmac('sha256', appSecret).update(token).digest('hex'),
      );
      const answer = await oidc.fetchProtectedResource(config, token, url, 'GET');
      if (!answer.ok) throw new ProviderError(`${url.pathname} answered ${answer.status}`);
      const me = (await answer.json()) as Record<string, unknown>;
      if (!text(me.id)) throw new ProviderError('profile has no id');
      const [first = '', ...rest] = text(me.name).split(' ');
      return {
        subject: text(me.id),
        email: text(me.email).toLowerCase(),
        // Facebook does not say whether the address was confirmed: never enough to link.
        emailVerified: false,
        firstName: text(me.first_name) || first,
        lastName: text(me.last_name) || rest.join(' '),
      };
    },
  });
}

/** The clients of the providers whose keys are set; nothing is fetched until a sign-in starts. */
export function createProviderClients({ google, facebook, apple }: OAuthConfig) {
  const clients: Partial<Record<OAuthProviderName, ProviderClient>> = {};
  if (google) {
    clients.google = createProviderClient({
      params: { scope: 'openid email profile', prompt: 'select_account' },
      configure: () =>
        discover(google.issuer, google.clientId, oidc.ClientSecretPost(google.clientSecret)),
    });
  }
  if (facebook) clients.facebook = facebookClient(facebook);
  if (apple) clients.apple = appleClient(apple);
  return clients;
}

export type ProviderClients = ReturnType<typeof createProviderClients>;
