import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentConfigResponse, type PaymentConfig } from '@noise/shared/payments';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from './check-answer';

/** GET /api/payments/config: which card form to show (sandbox or Stripe) and its key. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiRequest('/api/payments/config', { signal, check: checkWith(paymentConfigResponse) });
}

export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => getPaymentConfig(signal),
  staleTime: Infinity,
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
