import type { TokenResponse } from '@noise/shared/auth';
import type {
  SetupTicketConfirmResponse,
  SignInResponse,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorSignInRequest,
} from '@noise/shared/two-factor';
import { api } from '@/lib/api-client';

/** A sign-in answer that asks for a second step instead of carrying a token. */
export function isChallenge(answer: SignInResponse): answer is TwoFactorChallenge {
  return 'twoFactor' in answer;
}

/**
 * POST /api/auth/two-factor: the second step of a sign-in, a code from the app or a recovery
 * code for the ticket the password earned. 'Remember this device' sets an HttpOnly cookie.
 */
export function completeTwoFactor(body: TwoFactorSignInRequest): Promise<TokenResponse> {
  return api.post<TokenResponse>('/api/auth/two-factor', { ...body });
}

/** POST /api/auth/two-factor/setup-ticket: staff who must set it up start here, by ticket. */
export function beginRequiredSetup(ticket: string): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/auth/two-factor/setup-ticket', { ticket });
}

/** POST /api/auth/two-factor/setup-ticket/confirm: the recovery codes and the sign-in token. */
export function confirmRequiredSetup(
  ticket: string,
  code: string,
): Promise<SetupTicketConfirmResponse> {
  return api.post<SetupTicketConfirmResponse>('/api/auth/two-factor/setup-ticket/confirm', {
    ticket,
    code,
  });
}
