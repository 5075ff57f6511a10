import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { api } from '@/lib/api-client';

export const siteUsersKey = ['staff', 'site-users'] as const;

/** GET /api/users/site-users: everyone who can sign in, newest first. */
export function getSiteUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/api/users/site-users', signal);
}

export const siteUsersQuery = queryOptions({
  queryKey: [...siteUsersKey, 'list'],
  queryFn: ({ signal }) => getSiteUsers(signal),
});

export function useSiteUsers() {
  return useQuery(siteUsersQuery);
}
