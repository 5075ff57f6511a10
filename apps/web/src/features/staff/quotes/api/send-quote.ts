import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/quotes/{id}/send: emails the payment link; answers 202 with a message to show. */
export function sendQuote(id: string, email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/quotes/${encodeURIComponent(id)}/send`, { email });
}

export function useSendQuote(id: string) {
  return useMutation({ mutationFn: (email: string) => sendQuote(id, email) });
}
