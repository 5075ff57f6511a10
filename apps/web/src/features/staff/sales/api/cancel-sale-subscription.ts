import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@noise/shared/payments';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { saleSubscriptionKey } from './get-sale-subscription';

/** POST /api/projects/{id}/subscription/cancel: no further recurring charges. */
export function cancelSaleSubscription(projectId: string): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription/cancel`, {
    method: 'POST',
    check: checkWith(subscriptionSchema),
  });
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
