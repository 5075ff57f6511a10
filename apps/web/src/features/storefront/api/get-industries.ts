import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Industry } from '@noise/shared/catalogue';
import { api } from '@/lib/api-client';

/** GET /api/industries: the 'Search by Industry' tiles and the footer's Industries column. */
export function getIndustries(signal?: AbortSignal): Promise<Industry[]> {
  return api.get<Industry[]>('/api/industries', signal);
}

export const industriesQuery = queryOptions({
  queryKey: ['industries'],
  queryFn: ({ signal }) => getIndustries(signal),
  staleTime: 5 * 60_000,
});

export function useIndustries() {
  return useQuery(industriesQuery);
}
