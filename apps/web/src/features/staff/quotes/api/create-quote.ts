import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteRequest } from '@noise/shared/quote';
import { api } from '@/lib/api-client';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/** POST /api/quotes: a new custom quote (price in dollars before GST). */
export function createQuote(body: QuoteRequest): Promise<Quote> {
  return api.post<Quote>('/api/quotes', { ...body });
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
