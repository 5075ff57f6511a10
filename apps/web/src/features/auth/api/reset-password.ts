import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: spends the mailed token; every older sign-in ends. */
export function resetPassword(body: { token: string; password: string }) {
  return api.post<{ message: string }>('/api/auth/reset-password', {
    token: body.token,
    password: body.password,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
