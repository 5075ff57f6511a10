import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export function requestPasswordReset(body: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/forgot-password', { email: body.email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
