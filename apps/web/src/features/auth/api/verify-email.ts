import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@noise/shared/auth';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

/**
 * POST /api/auth/verify-email: spends the mailed link. The first confirmation ends every other
 * session and answers what it took back (docs/product.md#confirming-an-email-address).
 */
export function verifyEmail(token: string) {
  return api.post<VerifyEmailResponse>('/api/auth/verify-email', { token });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
