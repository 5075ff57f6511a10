import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodResponse, type PaymentMethod } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/payment-methods/{paymentMethodId}: the card on file. */
export function getPaymentMethod(id: string, signal?: AbortSignal): Promise<PaymentMethod> {
  return apiRequest(`/api/payment-methods/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(paymentMethodResponse),
  });
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
