import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/auth/verify-email/resend: a new 'Confirm your email' link to the signed-in person.
 * The notice that asks for it is on the dashboard's first paint: the schema that checks the answer
 * (and zod with it) loads when the link is asked for, not before the greeting (decision 114).
 */
export async function resendEmailConfirmation() {
  const [{ messageResponse }, { checkWith }] = await Promise.all([
    import('@noise/shared/auth'),
    import('@/lib/check-answer'),
  ]);
  return apiRequest('/api/auth/verify-email/resend', {
    method: 'POST',
    check: checkWith(messageResponse),
  });
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
