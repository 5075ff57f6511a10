import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRoleRequest } from '@noise/shared/site-users';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { refreshSiteUser } from './update-site-user';

/** POST /api/users/site-users/{id}/role: a role change, confirmed and audited on its own. */
export function changeSiteUserRole(id: string, body: ChangeRoleRequest): Promise<User> {
  return apiRequest(`/api/users/site-users/${encodeURIComponent(id)}/role`, {
    method: 'POST',
    body,
    check: checkWith(userSchema),
  });
}

export function useChangeSiteUserRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeRoleRequest) => changeSiteUserRole(id, body),
    onSuccess: (user) => refreshSiteUser(queryClient, user),
  });
}
