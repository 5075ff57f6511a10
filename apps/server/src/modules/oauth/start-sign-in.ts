import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { newSecret } from '../../lib/secrets.ts';
import type { BrowserAnswer, FlowCookie } from './browser-answer.ts';
import { signInPages } from './message-pages.ts';
import type { ProviderClients } from './providers.ts';
import type { OAuthProviderName, OAuthRepository } from './repository.ts';

/** How long a started sign-in waits for the provider's answer. */
export const STATE_TTL_MINUTES = 10;

export interface StartSignInDeps {
  config: Config;
  oauth: OAuthRepository;
  clients: ProviderClients;
}

/** The cookie that ties a started sign-in to the browser that started it (login CSRF). */
export const stateCookie = (provider: OAuthProviderName, sameSite: 'lax' | 'none' = 'lax') =>
  ({ name: `oauth_${provider}`, path: '/api/auth', sameSite }) satisfies FlowCookie;

export const callbackUrl = (config: Config, provider: OAuthProviderName) =>
  `${config.publicUrl}/api/auth/${provider}/callback`;

/**
 * Sends the browser to the provider (docs/decisions/040). The state, nonce and PKCE verifier are
 * kept in the database, so any process can finish the sign-in, and a cookie binds it to this
 * browser.
 */
export async function startSignIn(
  deps: StartSignInDeps,
  provider: OAuthProviderName,
  log: FastifyBaseLogger,
): Promise<BrowserAnswer> {
  const { companyName, publicUrl } = deps.config;
  const client = deps.clients[provider];
  if (!client) return unavailable(provider, companyName);
  let started;
  try {
    started = await client.start(callbackUrl(deps.config, provider));
  } catch (error) {
    log.warn({ event: 'oauth_failed', provider, reason: (error as Error).message }, 'start failed');
    return { status: 502, page: signInPages.providerDown(provider, companyName) };
  }
  const browser = newSecret();
  await deps.oauth.saveState({
    ...started,
    provider,
    browser,
    expiresAt: new Date(Date.now() + STATE_TTL_MINUTES * 60_000),
  });
  // Apple answers with a cross-site form POST, which carries only SameSite=None cookies.
  const crossSite = provider === 'apple' && publicUrl.startsWith('https://');
  return {
    redirect: started.url,
    setCookie: {
      ...stateCookie(provider, crossSite ? 'none' : 'lax'),
      value: browser,
      maxAgeSeconds: STATE_TTL_MINUTES * 60,
    },
  };
}

/** The 'not available' page: 503, for the button works once the provider's keys are set. */
export const unavailable = (provider: OAuthProviderName, companyName: string): BrowserAnswer => ({
  status: 503,
  page: signInPages.unavailable(provider, companyName),
  retryAfterSeconds: 86_400,
});
