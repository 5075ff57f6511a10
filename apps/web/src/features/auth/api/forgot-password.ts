import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, MessageResponse } from '@noise/shared/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/forgot-password', { email: body.email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
