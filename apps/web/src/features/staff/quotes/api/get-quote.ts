import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteSchema, type Quote } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quotesKey } from './get-quotes';

export const quoteKey = (id: string) => [...quotesKey, 'detail', id] as const;

/** GET /api/quotes/{id}/manage: one quote as staff see it (with who made it and its sale). */
export function getQuote(id: string, signal?: AbortSignal): Promise<Quote> {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}/manage`, {
    signal,
    check: checkWith(quoteSchema),
  });
}

export function quoteQuery(id: string) {
  return queryOptions({
    queryKey: quoteKey(id),
    queryFn: ({ signal }) => getQuote(id, signal),
  });
}

export function useQuote(id: string | undefined) {
  return useQuery({ ...quoteQuery(id ?? ''), enabled: Boolean(id) });
}
