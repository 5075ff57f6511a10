import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/site-users/{id}/reset-password: mails a reset link; answers { message }. */
export function sendResetLink(id: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/api/users/site-users/${encodeURIComponent(id)}/reset-password`,
  );
}

export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink });
}
