import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@noise/shared/quote';
import { api } from '@/lib/api-client';

export const quotesKey = ['staff', 'quotes'] as const;

/** GET /api/quotes: every custom quote, newest first. */
export function getQuotes(signal?: AbortSignal): Promise<Quote[]> {
  return api.get<Quote[]>('/api/quotes', signal);
}

export const quotesQuery = queryOptions({
  queryKey: [...quotesKey, 'list'],
  queryFn: ({ signal }) => getQuotes(signal),
});

export function useQuotes() {
  return useQuery(quotesQuery);
}
