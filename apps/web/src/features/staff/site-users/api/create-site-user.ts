import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { siteUsersKey } from './get-site-users';

/** POST /api/users/site-users (multipart). */
export function createSiteUser(form: FormData): Promise<User> {
  return apiRequest('/api/users/site-users', {
    method: 'POST',
    body: form,
    check: checkWith(userSchema),
  });
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
