import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorPolicy, type TwoFactorPolicy } from '@noise/shared/two-factor';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const twoFactorPolicyQuery = queryOptions({
  queryKey: ['staff', 'two-factor-policy'],
  queryFn: ({ signal }) =>
    apiRequest('/api/auth/two-factor/policy', { signal, check: checkWith(twoFactorPolicy) }),
});

/** GET /api/auth/two-factor/policy: super-admins only (the caller checks before asking). */
export function useTwoFactorPolicy(enabled: boolean) {
  return useQuery({ ...twoFactorPolicyQuery, enabled });
}

/** PUT /api/auth/two-factor/policy: require two-factor sign-in of every staff account. */
export function useSetTwoFactorPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: TwoFactorPolicy) =>
      apiRequest('/api/auth/two-factor/policy', {
        method: 'PUT',
        body: { ...policy },
        check: checkWith(twoFactorPolicy),
      }),
    onSuccess: (policy) => {
      client.setQueryData(twoFactorPolicyQuery.queryKey, policy);
      // The caller's own status says whether they may turn theirs off.
      return client.invalidateQueries({ queryKey: ['two-factor', 'status'] });
    },
  });
}
