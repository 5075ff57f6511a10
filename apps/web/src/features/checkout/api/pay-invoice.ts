import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  payBillResponse,
  publicBillSchema,
  type PayBillResponse,
  type PublicBill,
} from '@noise/shared/bills';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const payableInvoiceKey = (id: string) => ['invoices', 'pay', id] as const;

/** GET /api/invoices/{id}/pay?t=: the invoice as its mailed link shows it. */
export function getPayableInvoice(
  id: string,
  token: string,
  signal?: AbortSignal,
): Promise<PublicBill> {
  const query = new URLSearchParams({ t: token });
  return apiRequest(`/api/invoices/${encodeURIComponent(id)}/pay?${query.toString()}`, {
    signal,
    check: checkWith(publicBillSchema),
  });
}

export function usePayableInvoice(id: string, token: string) {
  return useQuery(
    queryOptions({
      queryKey: payableInvoiceKey(id),
      queryFn: ({ signal }) => getPayableInvoice(id, token, signal),
      retry: false,
    }),
  );
}

/**
 * POST /api/invoices/{id}/pay: the card payment. 200 is paid or a bank check to make; a decline
 * is a 402 whose message is the reason, thrown as ApiError.
 */
export function payInvoice(
  id: string,
  body: { token: string; paymentMethodId: string; idempotencyKey: string },
): Promise<PayBillResponse> {
  return apiRequest(`/api/invoices/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    body,
    check: checkWith(payBillResponse),
  });
}

/** POST /api/invoices/{id}/pay/confirm: after the bank's check. */
export function confirmInvoicePayment(
  id: string,
  body: { token: string; paymentIntentId: string },
): Promise<PayBillResponse> {
  return apiRequest(`/api/invoices/${encodeURIComponent(id)}/pay/confirm`, {
    method: 'POST',
    body,
    check: checkWith(payBillResponse),
  });
}
