import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type MessageResponse } from '@noise/shared/auth';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/**
 * POST /api/quotes/{id}/send: emails the payment link to the quote's recipient, or to `email`,
 * which then becomes its recipient; answers 202 with a message to show.
 */
export function sendQuote(id: string, email?: string): Promise<MessageResponse> {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    body: email ? { email } : {},
    check: checkWith(messageResponse),
  });
}

export function useSendQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email?: string) => sendQuote(id, email),
    // The quote is now Sent, perhaps to someone new.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKey(id) }),
        queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] }),
      ]),
  });
}
