import { useMutation } from '@tanstack/react-query';
import { messageResponse } from '@noise/shared/auth';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** POST /api/auth/verify-email/resend: a new 'Confirm your email' link to the signed-in person. */
export function resendEmailConfirmation() {
  return apiRequest('/api/auth/verify-email/resend', {
    method: 'POST',
    check: checkWith(messageResponse),
  });
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}
