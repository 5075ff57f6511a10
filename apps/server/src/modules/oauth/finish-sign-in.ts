import type { FastifyBaseLogger } from 'fastify';
import { fullNameOf } from '@noise/shared/display-name';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { BrowserAnswer } from './browser-answer.ts';
import { AUTH_CODE_COOKIE, AUTH_CODE_PATH, AUTH_CODE_TTL_SECONDS } from './exchange-auth-code.ts';
import type { MessagePage } from '../../lib/message-page.ts';
import { OAUTH_PROVIDERS, signInPages } from './message-pages.ts';
import { ProviderError, type ProviderClient } from './provider-client.ts';
import type { OAuthProviderName } from './repository.ts';
import { signInWithProvider, type ProviderSignInDeps } from './sign-in-with-provider.ts';
import { callbackUrl, stateCookie, unavailable, type StartSignInDeps } from './start-sign-in.ts';

export type FinishSignInDeps = StartSignInDeps & ProviderSignInDeps & { notifier: Notifier };

/** The provider's callback, as a query (a redirect) or a form (Apple's POST). */
export interface CallbackParams {
  code?: string;
  state?: string;
  error?: string;
  iss?: string;
  user?: string;
}

/**
 * Finishes a sign-in at the provider's callback: its state must be live and started in this
 * browser; the code is exchanged and who signed in verified; signInWithProvider decides the rest.
 * The state cookie has done its work, whatever the answer.
 */
export async function finishSignIn(
  deps: FinishSignInDeps,
  provider: OAuthProviderName,
  params: CallbackParams,
  browser: string | undefined,
  log: FastifyBaseLogger,
): Promise<BrowserAnswer> {
  const client = deps.clients[provider];
  if (!client) return unavailable(provider, deps.config.companyName);
  const answer = await answerCallback(deps, client, provider, params, browser, log);
  return { ...answer, clearCookie: stateCookie(provider) };
}

async function answerCallback(
  deps: FinishSignInDeps,
  client: ProviderClient,
  provider: OAuthProviderName,
  params: CallbackParams,
  browser: string | undefined,
  log: FastifyBaseLogger,
): Promise<BrowserAnswer> {
  const { companyName, publicUrl } = deps.config;
  const refuse = (reason: string, page: MessagePage, status = 400): BrowserAnswer => {
    log.info({ event: 'oauth_refused', provider, reason }, 'provider sign-in refused');
    return { status, page };
  };
  const { state, code } = params;
  const stored = state ? await deps.oauth.takeState(state, provider) : undefined;
  if (!state || !stored) {
    return refuse(
      state ? 'unknown_state' : 'missing_state',
      signInPages.startAgain(provider, companyName),
    );
  }
  if (!browser || hashSecret(browser) !== stored.browserHash) {
    return refuse('browser_mismatch', signInPages.startAgain(provider, companyName));
  }
  if (params.error || !code) {
    const reason = params.error ? `provider_error:${params.error.slice(0, 40)}` : 'missing_code';
    return refuse(reason, signInPages.cancelled(provider, companyName));
  }

  let identity;
  try {
    identity = await client.finish(
      callbackUrl(deps.config, provider),
      { code, state, iss: params.iss, user: params.user },
      { state, nonce: stored.nonce, codeVerifier: stored.codeVerifier },
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.warn({ event: 'oauth_failed', provider, reason: error.message }, 'provider sign-in failed');
    return { status: 502, page: signInPages.providerDown(provider, companyName) };
  }

  const outcome = await signInWithProvider(deps, provider, identity);
  switch (outcome.kind) {
    case 'signed-in': {
      const { user, created } = outcome;
      log.info({ event: 'oauth_login', provider, userId: user.id, created }, 'signed in');
      if (created) {
        const who = fullNameOf(user) || user.email;
        void deps.notifier.toStaff({
          kind: 'new-customer',
          title: `New customer: ${who}`,
          body: `${who} (${user.email}) created an account with ${OAUTH_PROVIDERS[provider]}.`,
          link: `/wkm-dashboard/customers/edit/${user.id}`,
        });
      }
      // The address carries a one-time code, not a token: the app exchanges it, from this
      // browser only (its cookie), so a link made by someone else signs nobody in.
      const code = newSecret();
      const browser = newSecret();
      await deps.oauth.saveAuthCode({
        code,
        userId: user.id,
        browser,
        expiresAt: new Date(Date.now() + AUTH_CODE_TTL_SECONDS * 1000),
      });
      return {
        redirect: `${publicUrl}/auth-success?code=${encodeURIComponent(code)}`,
        setCookie: {
          name: AUTH_CODE_COOKIE,
          value: browser,
          path: AUTH_CODE_PATH,
          sameSite: 'lax',
          maxAgeSeconds: AUTH_CODE_TTL_SECONDS,
        },
      };
    }
    case 'link-password':
      log.info(
        { event: 'oauth_link_offered', provider, userId: outcome.userId, method: 'password' },
        'link offered',
      );
      return {
        redirect: `${publicUrl}/sign-in-link?provider=${provider}&ticket=${encodeURIComponent(outcome.ticket)}`,
      };
    case 'link-email-sent':
      log.info(
        { event: 'oauth_link_offered', provider, userId: outcome.userId, method: 'email' },
        'link mailed',
      );
      return { redirect: `${publicUrl}/sign-in-link?provider=${provider}&sent=1` };
    case 'email-unverified':
      return refuse('email_unverified', signInPages.emailUnverified(provider, companyName), 409);
    case 'no-email':
      return refuse('no_email', signInPages.noEmail(provider, companyName));
  }
}
