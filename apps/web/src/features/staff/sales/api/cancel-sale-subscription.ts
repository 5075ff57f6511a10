import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@noise/shared/payments';
import { api } from '@/lib/api-client';
import { saleSubscriptionKey } from './get-sale-subscription';

/** POST /api/projects/{id}/subscription/cancel: no further recurring charges. */
export function cancelSaleSubscription(projectId: string): Promise<Subscription> {
  return api.post<Subscription>(
    `/api/projects/${encodeURIComponent(projectId)}/subscription/cancel`,
  );
}

export function useCancelSaleSubscription(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSaleSubscription(projectId),
    onSuccess: (subscription) => {
      queryClient.setQueryData(saleSubscriptionKey(projectId), subscription);
      return queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] });
    },
  });
}
