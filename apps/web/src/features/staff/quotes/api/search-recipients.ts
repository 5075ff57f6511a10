import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteCustomer } from '@noise/shared/quote';
import { api } from '@/lib/api-client';
import { quotesKey } from './get-quotes';

/** GET /api/quotes/recipients?q=: customers whose name or email matches, for the 'For' field. */
export function searchRecipients(q: string, signal?: AbortSignal): Promise<QuoteCustomer[]> {
  return api.get<QuoteCustomer[]>(`/api/quotes/recipients?q=${encodeURIComponent(q)}`, signal);
}

export function recipientsQuery(q: string) {
  return queryOptions({
    queryKey: [...quotesKey, 'recipients', q],
    queryFn: ({ signal }) => searchRecipients(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** Asks only once something is typed. */
export function useRecipients(q: string) {
  return useQuery({ ...recipientsQuery(q.trim()), enabled: q.trim() !== '' });
}
