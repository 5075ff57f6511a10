import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectPayment } from '@noise/shared/payments';
import { api } from '@/lib/api-client';
import { salesKey } from './get-sales';

/** GET /api/projects/{id}/payments: the sale's charges, each with its tax invoice. */
export function getSalePayments(id: string, signal?: AbortSignal): Promise<ProjectPayment[]> {
  return api.get<ProjectPayment[]>(`/api/projects/${encodeURIComponent(id)}/payments`, signal);
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
