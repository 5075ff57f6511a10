import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteSchema, type ExtendProposalRequest, type Quote } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/** POST /api/quotes/{id}/extend: a new 'Valid until' (docs/product.md#proposals). */
export function extendQuote(id: string, body: ExtendProposalRequest): Promise<Quote> {
  return apiRequest(`/api/quotes/${encodeURIComponent(id)}/extend`, {
    method: 'POST',
    body: { ...body },
    check: checkWith(quoteSchema),
  });
}

export function useExtendQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtendProposalRequest) => extendQuote(id, body),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKey(quote._id), quote);
      return queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
  });
}
