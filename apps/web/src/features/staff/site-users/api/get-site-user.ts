import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { siteUsersKey } from './get-site-users';

/** GET /api/users/site-users/{id}: email, role, isOAuth and profile. */
export function getSiteUser(id: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(`/api/users/site-users/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(userSchema),
  });
}

export function siteUserQuery(id: string) {
  return queryOptions({
    queryKey: [...siteUsersKey, 'detail', id],
    queryFn: ({ signal }) => getSiteUser(id, signal),
  });
}

export function useSiteUser(id: string | undefined) {
  return useQuery({ ...siteUserQuery(id ?? ''), enabled: Boolean(id) });
}
