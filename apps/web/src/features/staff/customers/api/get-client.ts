import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { api } from '@/lib/api-client';
import { clientsKey } from './search-clients';

/** GET /api/users/clients/{id}: one customer with profile and payment info. */
export function getClient(id: string, signal?: AbortSignal): Promise<User> {
  return api.get<User>(`/api/users/clients/${encodeURIComponent(id)}`, signal);
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
