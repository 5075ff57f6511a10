import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { salesKey } from './get-sales';

export interface SalesFilterOptions {
  companies: string[];
  services: { _id: string; title: string }[];
  statuses: { value: string; label: string }[];
  teamMembers: { _id: string; name: string }[];
}

/** GET /api/sales/filters: the choices of the Sales list's filter selects. */
export function getSalesFilters(signal?: AbortSignal): Promise<SalesFilterOptions> {
  return api.get<SalesFilterOptions>('/api/sales/filters', signal);
}

export const salesFiltersQuery = queryOptions({
  queryKey: [...salesKey, 'filters'],
  queryFn: ({ signal }) => getSalesFilters(signal),
  staleTime: 60_000,
});

export function useSalesFilters() {
  return useQuery(salesFiltersQuery);
}
