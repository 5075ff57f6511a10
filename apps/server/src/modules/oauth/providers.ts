import { createHmac } from 'node:crypto';
import {
  createRemoteJWKSet,
  importPKCS8,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import type { OAuthConfig } from '../../config.ts';
import type { OAuthProviderName } from '../../db/schema.ts';

/** Who the provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  /** Lower-cased; empty when the provider shared none. */
  email: string;
  /** Only a provider-verified email may offer linking to an existing account. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface AuthorizationRequest {
  state: string;
  codeChallenge: string;
  nonce: string;
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  /** Apple posts the person's name, on the first sign-in only, as a JSON form field. */
  appleUser?: string;
}

export interface ProviderClient {
  name: OAuthProviderName;
  /** Apple answers with a form POST (response_mode=form_post); the others redirect. */
  callbackMethod: 'GET' | 'POST';
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Exchanges the code (with the PKCE verifier) and verifies who signed in. */
  exchange(exchange: CodeExchange): Promise<ProviderIdentity>;
}

/** A failure talking to the provider: logged with its reason, shown to the person as a retry. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

const TIMEOUT_MS = 10_000;

async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError(`${new URL(url).host} unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok || typeof body !== 'object' || body === null) {
    // The error code and description only: a token endpoint's body may echo secrets.
    const detail =
      typeof body === 'object' && body !== null
        ? [
            (body as Record<string, unknown>).error,
            (body as Record<string, unknown>).error_description,
          ]
            .filter((v) => typeof v === 'string')
            .join(': ')
        : '';
    throw new ProviderError(
      `${new URL(url).pathname} answered ${response.status} ${detail}`.trim(),
    );
  }
  return body as Record<string, unknown>;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

interface Discovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  pkce: boolean;
}

/**
 * The issuer's OpenID discovery document, fetched once per process and kept; a failed fetch is
 * not kept, so the next sign-in tries again.
 */
function discover(issuer: string): () => Promise<Discovery> {
  let cached: Promise<Discovery> | undefined;
  return () => {
    cached ??= (async () => {
      const doc = await fetchJson(`${issuer}/.well-known/openid-configuration`);
      const authorizationEndpoint = str(doc.authorization_endpoint);
      const tokenEndpoint = str(doc.token_endpoint);
      const jwksUri = str(doc.jwks_uri);
      if (!authorizationEndpoint || !tokenEndpoint || !jwksUri) {
        throw new ProviderError(`discovery document of ${issuer} lacks endpoints`);
      }
      const methods = doc.code_challenge_methods_supported;
      return {
        issuer: str(doc.issuer) || issuer,
        authorizationEndpoint,
        tokenEndpoint,
        jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_MS }),
        // Google advertises S256. Apple's document lists no PKCE method: there, the nonce in the
        // verified ID token and the single-use state carry the protection.
        pkce: Array.isArray(methods) && methods.includes('S256'),
      };
    })().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

/** Verifies an ID token: signature from the issuer's keys, issuer, audience, expiry and nonce. */
async function verifyIdToken(
  idToken: unknown,
  discovery: Discovery,
  options: { audience: string; nonce: string; issuers: string[] },
): Promise<JWTPayload> {
  if (typeof idToken !== 'string') throw new ProviderError('token answer has no id_token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, discovery.jwks, {
      issuer: options.issuers,
      audience: options.audience,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 60,
    }));
  } catch (error) {
    throw new ProviderError(`id_token refused: ${(error as Error).message}`);
  }
  if (payload.nonce !== options.nonce) throw new ProviderError('id_token nonce does not match');
  if (!payload.sub) throw new ProviderError('id_token has no subject');
  return payload;
}

const isTrue = (value: unknown) => value === true || value === 'true';

function pkceParams(discovery: Discovery, challenge: string): Record<string, string> {
  return discovery.pkce ? { code_challenge: challenge, code_challenge_method: 'S256' } : {};
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function createGoogleClient(config: NonNullable<OAuthConfig['google']>): ProviderClient {
  const discovery = discover(config.issuer);
  return {
    name: 'google',
    callbackMethod: 'GET',
    async authorizationUrl(request) {
      const d = await discovery();
      return withParams(d.authorizationEndpoint, {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        state: request.state,
        nonce: request.nonce,
        prompt: 'select_account',
        ...pkceParams(d, request.codeChallenge),
      });
    },
    async exchange(exchange) {
      const d = await discovery();
      const tokens = await fetchJson(d.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: exchange.code,
          redirect_uri: exchange.redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          ...(d.pkce ? { code_verifier: exchange.codeVerifier } : {}),
        }),
      });
      const claims = await verifyIdToken(tokens.id_token, d, {
        audience: config.clientId,
        nonce: exchange.nonce,
        // Google documents both spellings of its issuer.
        issuers:
          d.issuer === 'https://accounts.google.com'
            ? [d.issuer, 'accounts.google.com']
            : [d.issuer],
      });
      return {
        subject: claims.sub!,
        email: str(claims.email).toLowerCase(),
        emailVerified: isTrue(claims.email_verified),
        firstName: str(claims.given_name),
        lastName: str(claims.family_name),
      };
    },
  };
}

export function createFacebookClient(config: NonNullable<OAuthConfig['facebook']>): ProviderClient {
  return {
    name: 'facebook',
    callbackMethod: 'GET',
    async authorizationUrl(request) {
      return withParams(config.authUrl, {
        response_type: 'code',
        client_id: config.appId,
        redirect_uri: request.redirectUri,
        scope: 'email,public_profile',
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async exchange(exchange) {
      const tokens = await fetchJson(
        withParams(config.tokenUrl, {
          client_id: config.appId,
          client_secret: config.appSecret,
          redirect_uri: exchange.redirectUri,
          code: exchange.code,
          code_verifier: exchange.codeVerifier,
        }),
      );
      const accessToken = str(tokens.access_token);
      if (!accessToken) throw new ProviderError('token answer has no access_token');
      // Facebook gives no ID token: the profile comes from the Graph API, with the app secret
      // proof Facebook recommends for server calls.
      const me = await fetchJson(
        withParams(config.userinfoUrl, {
          fields: 'id,name,email,first_name,last_name',
          access_token: accessToken,
          appsecret_proof: createHmac('sha256', config.appSecret).update(accessToken).digest('hex'),
        }),
      );
      const subject = str(me.id);
      if (!subject) throw new ProviderError('profile has no id');
      const [first = '', ...rest] = str(me.name).split(' ');
      return {
        subject,
        email: str(me.email).toLowerCase(),
        // Facebook does not say whether the address was confirmed: never enough to link.
        emailVerified: false,
        firstName: str(me.first_name) || first,
        lastName: str(me.last_name) || rest.join(' '),
      };
    },
  };
}

export function createAppleClient(config: NonNullable<OAuthConfig['apple']>): ProviderClient {
  const discovery = discover(config.issuer);
  let key: Promise<CryptoKey> | undefined;

  /** Apple's client secret: a short ES256 JWT signed with the team's key. */
  async function clientSecret(): Promise<string> {
    key ??= importPKCS8(config.privateKey, 'ES256');
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
      .setIssuer(config.teamId)
      .setSubject(config.clientId)
      .setAudience(config.issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await key);
  }

  return {
    name: 'apple',
    callbackMethod: 'POST',
    async authorizationUrl(request) {
      const d = await discovery();
      return withParams(d.authorizationEndpoint, {
        response_type: 'code',
        response_mode: 'form_post',
        client_id: config.clientId,
        redirect_uri: request.redirectUri,
        scope: 'name email',
        state: request.state,
        nonce: request.nonce,
        ...pkceParams(d, request.codeChallenge),
      });
    },
    async exchange(exchange) {
      const d = await discovery();
      const tokens = await fetchJson(d.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: exchange.code,
          redirect_uri: exchange.redirectUri,
          client_id: config.clientId,
          client_secret: await clientSecret(),
          ...(d.pkce ? { code_verifier: exchange.codeVerifier } : {}),
        }),
      });
      const claims = await verifyIdToken(tokens.id_token, d, {
        audience: config.clientId,
        nonce: exchange.nonce,
        issuers: [d.issuer],
      });
      const name = readAppleName(exchange.appleUser);
      return {
        subject: claims.sub!,
        email: str(claims.email).toLowerCase(),
        emailVerified: isTrue(claims.email_verified),
        firstName: name.firstName,
        lastName: name.lastName,
      };
    },
  };
}

function readAppleName(user: string | undefined): { firstName: string; lastName: string } {
  if (!user) return { firstName: '', lastName: '' };
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    return {
      firstName: str(parsed.name?.firstName).slice(0, 100),
      lastName: str(parsed.name?.lastName).slice(0, 100),
    };
  } catch {
    return { firstName: '', lastName: '' };
  }
}

/** The clients of the providers whose keys are set. */
export function createProviderClients(
  config: OAuthConfig,
): Partial<Record<OAuthProviderName, ProviderClient>> {
  return {
    ...(config.google ? { google: createGoogleClient(config.google) } : {}),
    ...(config.facebook ? { facebook: createFacebookClient(config.facebook) } : {}),
    ...(config.apple ? { apple: createAppleClient(config.apple) } : {}),
  };
}
