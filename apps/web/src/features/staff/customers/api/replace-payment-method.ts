import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  replacedPaymentMethodResponse,
  type ReplacedPaymentMethod,
  type User,
} from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientQuery } from './get-client';
import { clientAuditKey } from '../../api/get-client-audit';
import { paymentMethodQuery } from './get-payment-method';

/**
 * PUT /api/payment-methods/{customerId} (our user id): makes a payment method made in the
 * browser the customer's card on file.
 */
export function replacePaymentMethod(
  customerId: string,
  paymentMethodId: string,
): Promise<ReplacedPaymentMethod> {
  return apiRequest(`/api/payment-methods/${encodeURIComponent(customerId)}`, {
    method: 'PUT',
    body: { paymentMethodId },
    check: checkWith(replacedPaymentMethodResponse),
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
