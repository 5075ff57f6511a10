import { queryOptions, useQuery } from '@tanstack/react-query';
import { billSchema, type Bill } from '@noise/shared/bills';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { invoicesKey } from './get-invoices';

export const invoiceKey = (id: string) => [...invoicesKey, 'one', id] as const;

/** GET /api/invoices/{id}: an invoice with its lines, figures and payments. */
export function getInvoice(id: string, signal?: AbortSignal): Promise<Bill> {
  return apiRequest(`/api/invoices/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(billSchema),
  });
}

export function useInvoice(id: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: invoiceKey(id ?? ''),
      queryFn: ({ signal }) => getInvoice(id!, signal),
      enabled: Boolean(id),
    }),
  );
}
