import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientActionsResponse } from '@noise/shared/client-actions';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/my/actions: what waits for the customer's company and their role. */
export const clientActionsQuery = queryOptions({
  queryKey: ['my', 'actions'],
  queryFn: ({ signal }) =>
    apiRequest('/api/my/actions', { signal, check: checkWith(clientActionsResponse) }),
});

export function useClientActions() {
  return useQuery(clientActionsQuery);
}
