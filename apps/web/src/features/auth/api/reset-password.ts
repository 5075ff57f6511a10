import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordRequest } from '@noise/shared/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: spends the mailed token; every older sign-in ends. */
export function resetPassword(body: ResetPasswordRequest) {
  return api.post<MessageResponse>('/api/auth/reset-password', {
    token: body.token,
    password: body.password,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
