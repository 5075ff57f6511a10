import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { siteUsersKey } from './get-site-users';

/** DELETE /api/users/site-users/{id}. */
export function deleteSiteUser(id: string): Promise<void> {
  return apiRequest<void>(`/api/users/site-users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSiteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSiteUser,
    onSuccess: (_, id) => {
      queryClient.setQueryData<User[]>([...siteUsersKey, 'list'], (users) =>
        users?.filter((user) => user._id !== id),
      );
      queryClient.removeQueries({ queryKey: [...siteUsersKey, 'detail', id] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: siteUsersKey }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
      ]);
    },
  });
}
