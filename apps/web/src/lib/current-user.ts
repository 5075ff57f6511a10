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

/**
 * The signed-in user. Pages that charge them or decide what staff may do pass `checkUser`
 * (lib/check-user.ts): an answer that does not match is then this query's error, not a crash
 * further on. The header's greeting does without, so that zod stays off the public pages.
 */
export function useCurrentUser(check?: (data: User) => User) {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...currentUserQuery, enabled: isAuthenticated, select: check });
}
