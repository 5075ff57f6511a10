import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@noise/shared/payments';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { salesKey } from '../../api/get-sales';

export const saleSubscriptionKey = (id: string) => [...salesKey, 'subscription', id] as const;

/** GET /api/projects/{id}/subscription: the recurring charge, or null for a one-time sale (404). */
export async function getSaleSubscription(
  id: string,
  signal?: AbortSignal,
): Promise<Subscription | null> {
  try {
    return await apiRequest(`/api/projects/${encodeURIComponent(id)}/subscription`, {
      signal,
      check: checkWith(subscriptionSchema),
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function saleSubscriptionQuery(id: string) {
  return queryOptions({
    queryKey: saleSubscriptionKey(id),
    queryFn: ({ signal }) => getSaleSubscription(id, signal),
  });
}

export function useSaleSubscription(id: string, enabled = true) {
  return useQuery({ ...saleSubscriptionQuery(id), enabled });
}
