import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { api } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';
import { siteUsersKey } from './get-site-users';

/** PUT /api/users/site-users/{id} (multipart). */
export function updateSiteUser(id: string, form: FormData): Promise<User> {
  return api.put<User>(`/api/users/site-users/${encodeURIComponent(id)}`, form);
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
