import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { api } from '@/lib/api-client';
import { clientQuery } from './get-client';
import { clientAuditKey } from './get-client-audit';
import { paymentMethodQuery, type PaymentMethod } from './get-payment-method';

export interface ReplacedPaymentMethod {
  paymentMethod: { id: string; card: PaymentMethod['card'] };
}

/**
 * PUT /api/payment-methods/{customerId} (our user id): makes a payment method made in the
 * browser the customer's card on file.
 */
export function replacePaymentMethod(
  customerId: string,
  paymentMethodId: string,
): Promise<ReplacedPaymentMethod> {
  return api.put<ReplacedPaymentMethod>(`/api/payment-methods/${encodeURIComponent(customerId)}`, {
    paymentMethodId,
  });
}

export function useReplacePaymentMethod(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) => replacePaymentMethod(customerId, paymentMethodId),
    onSuccess: ({ paymentMethod }) => {
      queryClient.setQueryData(paymentMethodQuery(paymentMethod.id).queryKey, {
        card: paymentMethod.card,
      });
      queryClient.setQueryData<User>(clientQuery(customerId).queryKey, (client) =>
        client
          ? {
              ...client,
              paymentInfo: { ...client.paymentInfo, defaultPaymentMethodId: paymentMethod.id },
            }
          : client,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientQuery(customerId).queryKey }),
        queryClient.invalidateQueries({ queryKey: clientAuditKey(customerId) }),
      ]);
    },
  });
}
