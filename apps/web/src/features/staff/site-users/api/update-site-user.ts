import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { currentUserQuery } from '@/lib/current-user';
import { siteUsersKey } from './get-site-users';

/** PUT /api/users/site-users/{id} (multipart). */
export function updateSiteUser(id: string, form: FormData): Promise<User> {
  return apiRequest(`/api/users/site-users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: form,
    check: checkWith(userSchema),
  });
}

/** What shows a site user refetches after a change to them, and their screen shows it at once. */
export function refreshSiteUser(queryClient: QueryClient, user: User) {
  queryClient.setQueryData([...siteUsersKey, 'detail', user._id], user);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: siteUsersKey }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] }),
    queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
    // Editing yourself changes the name in the header.
    queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  ]);
}

export function useUpdateSiteUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => updateSiteUser(id, form),
    onSuccess: (user) => refreshSiteUser(queryClient, user),
  });
}
