import { useQuery } from '@tanstack/react-query';
import { accountCreditSchema, type AccountCredit } from '@noise/shared/account-credit';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/**
 * GET /api/my/credit: the caller's company's account credit, which the payment page takes off
 * an order (docs/product.md#account-credit). Owners and billing people only: anyone else, and a
 * failed read, has none to use, and pays by card.
 */
export function useMyCredit(enabled: boolean) {
  return useQuery({
    queryKey: ['my-credit'],
    queryFn: ({ signal }): Promise<AccountCredit> =>
      apiRequest('/api/my/credit', { signal, check: checkWith(accountCreditSchema) }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
