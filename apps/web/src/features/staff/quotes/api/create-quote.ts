import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteSchema, type Quote, type QuoteRequest } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/** POST /api/quotes: a new custom quote (price in dollars before GST). */
export function createQuote(body: QuoteRequest): Promise<Quote> {
  return apiRequest('/api/quotes', {
    method: 'POST',
    body: { ...body },
    check: checkWith(quoteSchema),
  });
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKey(quote._id), quote);
      return queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
  });
}
