import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteRequest } from '@noise/shared/quote';
import { api } from '@/lib/api-client';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/** PUT /api/quotes/{id}: refused with 409 once the quote is paid. */
export function updateQuote(id: string, body: QuoteRequest): Promise<Quote> {
  return api.put<Quote>(`/api/quotes/${encodeURIComponent(id)}`, { ...body });
}

export function useUpdateQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteRequest) => updateQuote(id, body),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKey(quote._id), quote);
      return queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
  });
}
