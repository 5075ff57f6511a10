import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicQuoteSchema, type PublicQuote } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/quotes/{id}: the custom quote behind a payment link (value in dollars). */
export function getQuote(id: string, signal?: AbortSignal): Promise<PublicQuote> {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(publicQuoteSchema),
  });
}

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: ['quotes', id],
    queryFn: ({ signal }) => getQuote(id, signal),
    retry: false,
  });

export function useQuote(id: string) {
  return useQuery(quoteQuery(id));
}
