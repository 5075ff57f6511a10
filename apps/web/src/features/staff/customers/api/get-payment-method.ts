import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** docs/product.md#data-shapes: Payment method (card.last4). */
export interface PaymentMethod {
  card: { last4: string; brand?: string; expMonth?: number; expYear?: number };
}

/** GET /api/payment-methods/{paymentMethodId}: the card on file. */
export function getPaymentMethod(id: string, signal?: AbortSignal): Promise<PaymentMethod> {
  return api.get<PaymentMethod>(`/api/payment-methods/${encodeURIComponent(id)}`, signal);
}

export function paymentMethodQuery(id: string) {
  return queryOptions({
    queryKey: ['staff', 'payment-methods', id],
    queryFn: ({ signal }) => getPaymentMethod(id, signal),
    retry: false,
  });
}

export function usePaymentMethod(id: string | null) {
  return useQuery({ ...paymentMethodQuery(id ?? ''), enabled: id !== null });
}
