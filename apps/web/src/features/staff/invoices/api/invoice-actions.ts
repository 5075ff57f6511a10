import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billSchema, type Bill, type MarkBillPaidRequest } from '@noise/shared/bills';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { invoiceKey } from './get-invoice';
import { invoicesKey } from './get-invoices';

/**
 * What staff do to an invoice once made: POST /api/invoices/{id}/send, /void, /mark-paid and
 * /payments/{paymentId}/reverse. Each answers the invoice as it now is.
 */
export type InvoiceAction =
  | { kind: 'send' }
  | { kind: 'void' }
  | { kind: 'mark-paid'; body: MarkBillPaidRequest }
  | { kind: 'reverse'; paymentId: string; reason: string };

export function runInvoiceAction(id: string, action: InvoiceAction): Promise<Bill> {
  const base = `/api/invoices/${encodeURIComponent(id)}` as const;
  const [path, body] =
    action.kind === 'mark-paid'
      ? [`${base}/mark-paid` as const, action.body]
      : action.kind === 'reverse'
        ? [
            `${base}/payments/${encodeURIComponent(action.paymentId)}/reverse` as const,
            { reason: action.reason },
          ]
        : [`${base}/${action.kind}` as const, undefined];
  return apiRequest(path, { method: 'POST', body, check: checkWith(billSchema) });
}

export function useInvoiceAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: InvoiceAction) => runInvoiceAction(id, action),
    onSuccess: (bill) => {
      queryClient.setQueryData(invoiceKey(id), bill);
      return queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] });
    },
  });
}
