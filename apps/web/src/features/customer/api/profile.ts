import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tokenResponse, type ChangePasswordRequest, type TokenResponse } from '@noise/shared/auth';
import { userSchema, type UpdateOwnProfileRequest, type User } from '@noise/shared/user';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { setToken } from '@/lib/auth-token';
import { currentUserQuery } from '@/lib/current-user';

/** PUT /api/users/profile: the customer's own name, company and phone. */
export function updateProfile(profile: UpdateOwnProfileRequest['profile']): Promise<User> {
  return apiRequest('/api/users/profile', {
    method: 'PUT',
    body: { profile },
    check: checkWith(userSchema),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

/** PUT /api/users/password: older tokens stop working, so the answer's token is kept. */
export function changePassword(input: ChangePasswordRequest): Promise<TokenResponse> {
  return apiRequest('/api/users/password', {
    method: 'PUT',
    body: input,
    check: checkWith(tokenResponse),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => {
      // The new token is known to be good: seeding its verification keeps the page mounted
      // instead of showing the session check while it is verified again.
      const role = queryClient.getQueryData(currentUserQuery.queryKey)?.role ?? null;
      if (role) {
        queryClient.setQueryData(['auth', 'verify', token], {
          isAuthenticated: true,
          userRole: role,
        });
      }
      setToken(token);
    },
  });
}
