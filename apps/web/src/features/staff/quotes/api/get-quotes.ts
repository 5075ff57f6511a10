import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { quoteSchema, type Quote } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quotesKey } from '../../api/quote-keys';

export { quotesKey };

/** GET /api/quotes: every custom quote, newest first. */
export function getQuotes(signal?: AbortSignal): Promise<Quote[]> {
  return apiRequest('/api/quotes', { signal, check: checkWith(z.array(quoteSchema)) });
}

export const quotesQuery = queryOptions({
  queryKey: [...quotesKey, 'list'],
  queryFn: ({ signal }) => getQuotes(signal),
});

export function useQuotes() {
  return useQuery(quotesQuery);
}
