import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundSchema, type Refund, type RefundPaymentRequest } from '@noise/shared/payments';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { saleKey } from '../../api/get-sale';
import { salesKey } from '../../api/get-sales';
import { saleSubscriptionKey } from './get-sale-subscription';

/** POST /api/projects/{id}/payments/{paymentId}/refunds (docs/product.md#refunds). */
export function refundSalePayment(
  projectId: string,
  paymentId: string,
  body: RefundPaymentRequest,
): Promise<Refund> {
  return apiRequest(
    `/api/projects/${encodeURIComponent(projectId)}/payments/${encodeURIComponent(paymentId)}/refunds`,
    { method: 'POST', body, check: checkWith(refundSchema) },
  );
}

/** A refund changes the payment, the sale's figures, the lists that show them and reporting. */
export function useRefundSalePayment(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: RefundPaymentRequest }) =>
      refundSalePayment(projectId, paymentId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...salesKey, 'payments', projectId] }),
        queryClient.invalidateQueries({ queryKey: saleKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: saleSubscriptionKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: [...salesKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'reports'] }),
      ]),
  });
}
