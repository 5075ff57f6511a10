import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billSchema, type Bill, type BillRequest } from '@noise/shared/bills';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { invoiceKey } from './get-invoice';
import { invoicesKey } from './get-invoices';

/** POST /api/invoices (a new draft) or PUT /api/invoices/{id} (a draft changed). */
export function saveInvoice(id: string | undefined, body: BillRequest): Promise<Bill> {
  return apiRequest(id ? `/api/invoices/${encodeURIComponent(id)}` : '/api/invoices', {
    method: id ? 'PUT' : 'POST',
    body,
    check: checkWith(billSchema),
  });
}

export function useSaveInvoice(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillRequest) => saveInvoice(id, body),
    onSuccess: (bill) => {
      queryClient.setQueryData(invoiceKey(bill._id), bill);
      return queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] });
    },
  });
}
