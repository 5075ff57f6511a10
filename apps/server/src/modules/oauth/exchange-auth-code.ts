import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { finishFirstStep, type AuthDeps } from '../auth/sign-in.ts';
import type { OAuthRepository } from './repository.ts';

/** How long the browser has to exchange the code of /auth-success?code= for its token. */
export const AUTH_CODE_TTL_SECONDS = 120;
/** The cookie that binds a sign-in's code to the browser that began it. */
export const AUTH_CODE_COOKIE = 'auth_code';
export const AUTH_CODE_PATH = '/api/auth/exchange';
const CODE_SPENT =
  'This sign-in link has expired, was already used, or was opened in another browser. Please sign in again.';

/**
 * The sign-in a provider's callback left in /auth-success?code=: once, from the browser that
 * began it (its cookie), within two minutes. A provider is the first step only: an account with
 * two-factor on still answers a code.
 */
export async function exchangeAuthCode(
  deps: AuthDeps & { oauth: OAuthRepository },
  input: { code: string; browser: string | undefined; deviceToken: string | undefined },
  log: FastifyBaseLogger,
) {
  const userId = await deps.oauth.takeAuthCode(input.code, input.browser);
  const user = userId ? await deps.users.findById(userId) : undefined;
  if (!user) {
    log.info({ event: 'oauth_code_refused' }, 'sign-in code refused');
    throw badRequest(CODE_SPENT);
  }
  const outcome = await finishFirstStep(deps, user, { deviceToken: input.deviceToken });
  return outcome.challenge ?? { token: outcome.token };
}
