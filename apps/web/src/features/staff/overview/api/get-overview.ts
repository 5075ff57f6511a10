import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@noise/shared/overview';
import { api } from '@/lib/api-client';

/** GET /api/overview: latest sales, newest customers and revenue for three periods. */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return api.get<Overview>('/api/overview', signal);
}

export const overviewQuery = queryOptions({
  queryKey: ['staff', 'overview'],
  queryFn: ({ signal }) => getOverview(signal),
  staleTime: 30_000,
});

export function useOverview() {
  return useQuery(overviewQuery);
}
