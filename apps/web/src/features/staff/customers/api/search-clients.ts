import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { api } from '@/lib/api-client';

export const clientsKey = ['staff', 'clients'] as const;

/** GET /api/users/clients?q=: clients whose 'first last' or contact number matches. */
export function searchClients(q: string, signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>(`/api/users/clients?q=${encodeURIComponent(q)}`, signal);
}

export function clientsQuery(q: string) {
  return queryOptions({
    queryKey: [...clientsKey, 'search', q],
    queryFn: ({ signal }) => searchClients(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(q: string) {
  return useQuery(clientsQuery(q));
}
