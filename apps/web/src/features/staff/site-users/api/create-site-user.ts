import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@noise/shared/user';
import { api } from '@/lib/api-client';
import { siteUsersKey } from './get-site-users';

/** POST /api/users/site-users (multipart). */
export function createSiteUser(form: FormData): Promise<User> {
  return api.post<User>('/api/users/site-users', form);
}

export function useCreateSiteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSiteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteUsersKey }),
        // A new client shows in Customers and on the overview.
        queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
      ]),
  });
}
