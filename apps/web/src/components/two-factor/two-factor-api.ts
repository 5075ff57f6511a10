import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recoveryCodesResponse,
  twoFactorSetupResponse,
  twoFactorStatus,
  type DisableTwoFactorRequest,
  type TwoFactorSetup,
} from '@noise/shared/two-factor';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

// The caller's own two-factor sign-in (docs/product.md#two-factor-sign-in): shared by the
// customer profile and the staff account screen, so it lives beside the components both use.

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['two-factor', 'status'],
  queryFn: ({ signal }) =>
    apiRequest('/api/auth/two-factor/status', { signal, check: checkWith(twoFactorStatus) }),
});

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery);
}

/** POST /api/auth/two-factor/setup: a new secret and its QR code, waiting for a first code. */
export function beginTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiRequest('/api/auth/two-factor/setup', {
    method: 'POST',
    body: {},
    check: checkWith(twoFactorSetupResponse),
  });
}

/** POST /api/auth/two-factor/confirm: turns it on; answers the recovery codes, once. */
export async function confirmTwoFactorSetup(code: string): Promise<string[]> {
  const { recoveryCodes } = await apiRequest('/api/auth/two-factor/confirm', {
    method: 'POST',
    body: { code },
    check: checkWith(recoveryCodesResponse),
  });
  return recoveryCodes;
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorRequest) =>
      apiRequest<void>('/api/auth/two-factor/disable', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await apiRequest('/api/auth/two-factor/recovery-codes', {
          method: 'POST',
          body: { code },
          check: checkWith(recoveryCodesResponse),
        })
      ).recoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}
