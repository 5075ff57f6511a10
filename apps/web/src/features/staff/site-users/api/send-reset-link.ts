import { useMutation } from '@tanstack/react-query';
import { messageResponse, type MessageResponse } from '@noise/shared/auth';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** POST /api/users/site-users/{id}/reset-password: mails a reset link; answers { message }. */
export function sendResetLink(id: string): Promise<MessageResponse> {
  return apiRequest(`/api/users/site-users/${encodeURIComponent(id)}/reset-password`, {
    method: 'POST',
    check: checkWith(messageResponse),
  });
}

export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink });
}
