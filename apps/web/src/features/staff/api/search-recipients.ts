import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { quoteCustomerSchema, type QuoteCustomer } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quotesKey } from './quote-keys';

/** GET /api/quotes/recipients?q=: customers whose name or email matches, for the 'For' field. */
export function searchRecipients(q: string, signal?: AbortSignal): Promise<QuoteCustomer[]> {
  return apiRequest(`/api/quotes/recipients?q=${encodeURIComponent(q)}`, {
    signal,
    check: checkWith(z.array(quoteCustomerSchema)),
  });
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
