import * as oidc from 'openid-client';

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

/** What a started sign-in keeps (in oauth_states) until the provider sends the person back. */
export type PendingSignIn = { state: string; nonce: string; codeVerifier: string };

/** The callback's parameters: `iss` from a provider that names itself (RFC 9207), Apple's `user`. */
export type ProviderAnswer = { code: string; state: string; iss?: string; user?: string };

export type ProviderClient = ReturnType<typeof createProviderClient>;

/** A failure talking to the provider: logged with its reason, shown to the person as a retry. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

export const TIMEOUT_SECONDS = 10;
export const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Plain http is allowed only for a stand-in provider on this machine, as in the tests. */
export const onThisMachine = (...urls: string[]) =>
  urls.every((url) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url));

/** An OpenID issuer, from its discovery document; ID token signatures are checked on its keys. */
export function discover(issuer: string, clientId: string, auth: oidc.ClientAuth) {
  const execute = [oidc.enableNonRepudiationChecks];
  if (onThisMachine(issuer)) execute.push(oidc.allowInsecureRequests);
  const metadata = { id_token_signed_response_alg: 'RS256', [oidc.clockTolerance]: 60 };
  return oidc.discovery(new URL(issuer), clientId, metadata, auth, {
    timeout: TIMEOUT_SECONDS,
    execute,
  });
}

/**
 * An OAuth 2 server without discovery (Facebook), from its endpoints: the same timeout, and plain
 * http only on this machine.
 */
export function configureOAuth2(
  endpoints: { authUrl: string; tokenUrl: string; userinfoUrl: string },
  clientId: string,
  auth: oidc.ClientAuth,
) {
  const { authUrl, tokenUrl, userinfoUrl } = endpoints;
  const server = {
    issuer: new URL(authUrl).origin,
    authorization_endpoint: authUrl,
    token_endpoint: tokenUrl,
    code_challenge_methods_supported: ['S256'],
  };
  const config = new oidc.Configuration(server, clientId, {}, auth);
  config.timeout = TIMEOUT_SECONDS;
  if (onThisMachine(authUrl, tokenUrl, userinfoUrl)) oidc.allowInsecureRequests(config);
  return config;
}

/** Whatever went wrong at the provider, said without the answer's body: it may echo secrets. */
function providerError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!(error instanceof Error)) return new ProviderError(String(error));
  // A refusal in the body (ResponseBodyError) gives its status, code and description.
  const {
    status,
    cause,
    error: code,
    error_description,
  } = error as Partial<oidc.ResponseBodyError>;
  const answered = status ?? (cause instanceof Response ? cause.status : undefined);
  const said = [code, error_description].filter((part) => typeof part === 'string');
  let reason = error.message;
  if (answered) reason += ` [${answered}]`;
  if (said.length) reason += ` ${said.join(': ')}`;
  if (cause instanceof Error) reason += ` (${cause.message})`;
  return new ProviderError(reason);
}

/**
 * The authorization code flow with one provider, through openid-client (docs/decisions/065).
 * `identify` says who signed in; without it the provider is OpenID, and its ID token, verified
 * with our nonce, says so. The configuration is made on first use (an issuer is discovered
 * then) and kept; a failure is not kept, so the next sign-in tries again. PKCE is used where the
 * provider advertises S256: Apple does not, and there the nonce and the single-use state protect.
 */
export function createProviderClient(setup: {
  configure: () => Promise<oidc.Configuration>;
  /** Authorization parameters besides the client, redirect, state, nonce and PKCE. */
  params: Record<string, string>;
  identify?: (
    tokens: oidc.TokenEndpointResponse,
    config: oidc.Configuration,
  ) => Promise<ProviderIdentity>;
}) {
  let kept: Promise<oidc.Configuration> | undefined;
  const configuration = () =>
    (kept ??= setup.configure().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
  const openId = !setup.identify;

  async function start(redirectUri: string): Promise<PendingSignIn & { url: string }> {
    const config = await configuration();
    const pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const params = new URLSearchParams({
      ...setup.params,
      redirect_uri: redirectUri,
      state: pending.state,
    });
    if (openId) params.set('nonce', pending.nonce);
    if (config.serverMetadata().supportsPKCE()) {
      params.set('code_challenge', await oidc.calculatePKCECodeChallenge(pending.codeVerifier));
      params.set('code_challenge_method', 'S256');
    }
    return { ...pending, url: oidc.buildAuthorizationUrl(config, params).href };
  }

  async function finish(
    redirectUri: string,
    answer: ProviderAnswer,
    pending: PendingSignIn,
  ): Promise<ProviderIdentity> {
    const config = await configuration();
    const url = new URL(redirectUri);
    for (const key of ['code', 'state', 'iss'] as const) {
      if (answer[key]) url.searchParams.set(key, answer[key]);
    }
    const tokens = await oidc.authorizationCodeGrant(config, url, {
      expectedState: pending.state,
      expectedNonce: openId ? pending.nonce : undefined,
      pkceCodeVerifier: config.serverMetadata().supportsPKCE() ? pending.codeVerifier : undefined,
    });
    if (setup.identify) return setup.identify(tokens, config);
    const claims = tokens.claims()!;
    return {
      subject: claims.sub,
      email: text(claims.email).toLowerCase(),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
    };
  }

  // Whatever fails in a step with the provider is a ProviderError.
  const atProvider =
    <A extends unknown[], R>(step: (...args: A) => Promise<R>) =>
    (...args: A) =>
      step(...args).catch((error: unknown) => {
        throw providerError(error);
      });
  return { start: atProvider(start), finish: atProvider(finish) };
}
