import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewSchema, type Overview } from '@noise/shared/overview';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/overview: latest sales, newest customers and revenue for three periods. */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return apiRequest('/api/overview', { signal, check: checkWith(overviewSchema) });
}

export const overviewQuery = queryOptions({
  queryKey: ['staff', 'overview'],
  queryFn: ({ signal }) => getOverview(signal),
  staleTime: 30_000,
});

export function useOverview() {
  return useQuery(overviewQuery);
}
