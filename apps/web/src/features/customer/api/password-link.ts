import { useMutation } from '@tanstack/react-query';
import { messageResponse } from '@noise/shared/auth';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/**
 * POST /api/auth/forgot-password for the signed-in person's own address: an account without a
 * password chooses one from the mailed link, as a reset does (docs/product.md#profile).
 */
export function useMailPasswordLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/api/auth/forgot-password', {
        method: 'POST',
        body: { email },
        check: checkWith(messageResponse),
      }),
  });
}
