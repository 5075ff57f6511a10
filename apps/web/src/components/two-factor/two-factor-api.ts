import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisableTwoFactorRequest,
  RecoveryCodesResponse,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@noise/shared/two-factor';
import { api } from '@/lib/api-client';

// The caller's own two-factor sign-in (docs/product.md#two-factor-sign-in): shared by the
// customer profile and the staff account screen, so it lives beside the components both use.

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['two-factor', 'status'],
  queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/auth/two-factor/status', signal),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery);
}

/** POST /api/auth/two-factor/setup: a new secret and its QR code, waiting for a first code. */
export function beginTwoFactorSetup(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/auth/two-factor/setup', {});
}

/** POST /api/auth/two-factor/confirm: turns it on; answers the recovery codes, once. */
export async function confirmTwoFactorSetup(code: string): Promise<string[]> {
  const { recoveryCodes } = await api.post<RecoveryCodesResponse>('/api/auth/two-factor/confirm', {
    code,
  });
  return recoveryCodes;
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorRequest) =>
      api.post<null>('/api/auth/two-factor/disable', input),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await api.post<RecoveryCodesResponse>('/api/auth/two-factor/recovery-codes', {
          code,
        })
      ).recoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}
