import { queryOptions, useQuery } from '@tanstack/react-query';
import { coordinatorsResponse, type Coordinator } from '@noise/shared/payments';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/users/coordinators: who the customer may name as their co-ordinator. */
export function getCoordinators(signal?: AbortSignal): Promise<Coordinator[]> {
  return apiRequest('/api/users/coordinators', { signal, check: checkWith(coordinatorsResponse) });
}

export const coordinatorsQuery = queryOptions({
  queryKey: ['users', 'coordinators'],
  queryFn: ({ signal }) => getCoordinators(signal),
  staleTime: 5 * 60_000,
});

export function useCoordinators() {
  return useQuery(coordinatorsQuery);
}
