import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { api } from './api-client';
import { useAuth } from './auth';

/** GET /api/auth/user's place in the cache (also seeded and watched by app/query-client.ts). */
export const currentUserKey = ['auth', 'user'] as const;

/** GET /api/auth/user: the signed-in user (customer area greeting, staff shell). */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/api/auth/user', signal);
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => getCurrentUser(signal),
  staleTime: 60_000,
});

export function useCurrentUser() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...currentUserQuery, enabled: isAuthenticated });
}
