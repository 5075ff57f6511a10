import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesFilterOptionsSchema, type SalesFilterOptions } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { salesKey } from './get-sales';

/** GET /api/sales/filters: the choices of the Sales list's filter selects. */
export function getSalesFilters(signal?: AbortSignal): Promise<SalesFilterOptions> {
  return apiRequest('/api/sales/filters', { signal, check: checkWith(salesFilterOptionsSchema) });
}

export const salesFiltersQuery = queryOptions({
  queryKey: [...salesKey, 'filters'],
  queryFn: ({ signal }) => getSalesFilters(signal),
  staleTime: 60_000,
});

export function useSalesFilters() {
  return useQuery(salesFiltersQuery);
}
