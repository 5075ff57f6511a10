import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectPaymentsResponse, type ProjectPayment } from '@noise/shared/payments';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { salesKey } from '../../api/get-sales';

/** GET /api/projects/{id}/payments: the sale's charges, each with its tax invoice. */
export function getSalePayments(id: string, signal?: AbortSignal): Promise<ProjectPayment[]> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/payments`, {
    signal,
    check: checkWith(projectPaymentsResponse),
  });
}

export function salePaymentsQuery(id: string) {
  return queryOptions({
    queryKey: [...salesKey, 'payments', id],
    queryFn: ({ signal }) => getSalePayments(id, signal),
  });
}

export function useSalePayments(id: string) {
  return useQuery(salePaymentsQuery(id));
}
