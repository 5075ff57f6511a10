import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SavedCard {
  card: { brand: string; last4: string } | null;
}

/** GET /api/users/payment-method: the signed-in customer's card on file. */
export function getPaymentMethod(signal?: AbortSignal): Promise<SavedCard> {
  return api.get<SavedCard>('/api/users/payment-method', signal);
}

export const paymentMethodQuery = queryOptions({
  queryKey: ['users', 'payment-method'],
  queryFn: ({ signal }) => getPaymentMethod(signal),
  retry: false,
});

export function usePaymentMethod() {
  return useQuery(paymentMethodQuery);
}

/** PUT /api/users/payment-method: replaces the card on file (renewals charge it). */
export function updatePaymentMethod(paymentMethodId: string): Promise<SavedCard> {
  return api.put<SavedCard>('/api/users/payment-method', { paymentMethodId });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: (data) => queryClient.setQueryData(paymentMethodQuery.queryKey, data),
  });
}
