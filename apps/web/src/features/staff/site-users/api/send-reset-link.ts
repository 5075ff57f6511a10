import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@noise/shared/auth';
import { api } from '@/lib/api-client';

/** POST /api/users/site-users/{id}/reset-password: mails a reset link; answers { message }. */
export function sendResetLink(id: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(
    `/api/users/site-users/${encodeURIComponent(id)}/reset-password`,
  );
}

export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink });
}
