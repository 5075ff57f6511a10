import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteSchema, type Quote, type RecordAcceptanceRequest } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/**
 * POST /api/quotes/{id}/record-acceptance: an acceptance the customer gave on paper, recorded by
 * the staff member (docs/product.md#proposals).
 */
export function recordAcceptance(id: string, body: RecordAcceptanceRequest): Promise<Quote> {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}/record-acceptance`, {
    method: 'POST',
    body: { ...body },
    check: checkWith(quoteSchema),
  });
}

export function useRecordAcceptance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordAcceptanceRequest) => recordAcceptance(id, body),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKey(quote._id), quote);
      return queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
  });
}
