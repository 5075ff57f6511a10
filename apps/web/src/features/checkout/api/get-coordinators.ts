import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coordinator } from '@noise/shared/payments';
import { api } from '@/lib/api-client';

/** GET /api/users/coordinators: who the customer may name as their co-ordinator. */
export function getCoordinators(signal?: AbortSignal): Promise<Coordinator[]> {
  return api.get<Coordinator[]>('/api/users/coordinators', signal);
}

export const coordinatorsQuery = queryOptions({
  queryKey: ['users', 'coordinators'],
  queryFn: ({ signal }) => getCoordinators(signal),
  staleTime: 5 * 60_000,
});

export function useCoordinators() {
  return useQuery(coordinatorsQuery);
}
