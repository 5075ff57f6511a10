import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicQuote } from '@noise/shared/quote';
import { api } from '@/lib/api-client';

/** GET /api/quotes/{id}: the custom quote behind a payment link (value in dollars). */
export function getQuote(id: string, signal?: AbortSignal): Promise<PublicQuote> {
  return api.get<PublicQuote>(`/api/quotes/${encodeURIComponent(id)}`, signal);
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
