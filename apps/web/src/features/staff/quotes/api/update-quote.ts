import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteSchema, type Quote, type QuoteRequest } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/** PUT /api/quotes/{id}: refused with 409 once the quote is paid. */
export function updateQuote(id: string, body: QuoteRequest): Promise<Quote> {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { ...body },
    check: checkWith(quoteSchema),
  });
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
