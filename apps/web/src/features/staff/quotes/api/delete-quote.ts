import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote } from '@noise/shared/quote';
import { apiRequest } from '@/lib/api-client';
import { quoteKey } from './get-quote';
import { quotesKey } from './get-quotes';

/** DELETE /api/quotes/{id}: refused with 409 once the quote is paid. */
export function deleteQuote(id: string): Promise<void> {
  return apiRequest<void>(`/api/quotes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Quote[]>([...quotesKey, 'list'], (quotes) =>
        quotes?.filter((quote) => quote._id !== id),
      );
      queryClient.removeQueries({ queryKey: quoteKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] });
    },
    // A 409 means it was paid meanwhile: show the list as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: [...quotesKey, 'list'] }),
  });
}
