import { queryOptions, useQuery } from '@tanstack/react-query';
import { billListResponse, type BillSummary } from '@noise/shared/bills';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const invoicesKey = ['staff', 'invoices'] as const;

/** GET /api/invoices: every invoice, newest first, with its state and what is due. */
export function getInvoices(signal?: AbortSignal): Promise<BillSummary[]> {
  return apiRequest('/api/invoices', { signal, check: checkWith(billListResponse) }).then(
    (answer) => answer.bills,
  );
}

export const invoicesQuery = queryOptions({
  queryKey: [...invoicesKey, 'list'],
  queryFn: ({ signal }) => getInvoices(signal),
});

export function useInvoices() {
  return useQuery(invoicesQuery);
}
