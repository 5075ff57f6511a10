import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const siteUsersKey = ['staff', 'site-users'] as const;

/** GET /api/users/site-users: everyone who can sign in, newest first. */
export function getSiteUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/api/users/site-users', { signal, check: checkWith(z.array(userSchema)) });
}

export const siteUsersQuery = queryOptions({
  queryKey: [...siteUsersKey, 'list'],
  queryFn: ({ signal }) => getSiteUsers(signal),
});

export function useSiteUsers() {
  return useQuery(siteUsersQuery);
}
