import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteSchema, type CreateQuoteRequest, type Quote } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { questionsKey } from '@/components/messages/questions-api';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/**
 * POST /api/quotes: a new custom quote (price in dollars before GST); with `questionId`, the
 * general question it answers links to it.
 */
export function createQuote(body: CreateQuoteRequest): Promise<Quote> {
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
      void queryClient.invalidateQueries({ queryKey: questionsKey });
      return queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
  });
}
