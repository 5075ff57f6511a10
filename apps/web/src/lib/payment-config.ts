import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@noise/shared/payments';
import { api } from '@/lib/api-client';

/** GET /api/payments/config: which card form to show (sandbox or Stripe) and its key. */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/api/payments/config', signal);
}

export const paymentConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => getPaymentConfig(signal),
  staleTime: Infinity,
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
