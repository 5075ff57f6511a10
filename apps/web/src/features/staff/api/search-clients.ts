import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const clientsKey = ['staff', 'clients'] as const;

/** GET /api/users/clients?q=: clients whose 'first last' or contact number matches. */
export function searchClients(q: string, signal?: AbortSignal): Promise<User[]> {
  return apiRequest(`/api/users/clients?q=${encodeURIComponent(q)}`, {
    signal,
    check: checkWith(z.array(userSchema)),
  });
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
