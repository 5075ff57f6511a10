import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { clientsKey } from '../../api/search-clients';

/** GET /api/users/clients/{id}: one customer with profile and payment info. */
export function getClient(id: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(`/api/users/clients/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(userSchema),
  });
}

export function clientQuery(id: string) {
  return queryOptions({
    queryKey: [...clientsKey, 'detail', id],
    queryFn: ({ signal }) => getClient(id, signal),
  });
}

export function useClient(id: string) {
  return useQuery(clientQuery(id));
}
