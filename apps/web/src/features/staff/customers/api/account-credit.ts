import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountCreditSchema,
  type AccountCredit,
  type AdjustCreditRequest,
} from '@noise/shared/account-credit';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const accountCreditKey = (companyId: string) => ['account-credit', companyId] as const;

/** GET /api/companies/{id}/credit: the balance and its entries, newest first. */
export function getAccountCredit(companyId: string, signal?: AbortSignal): Promise<AccountCredit> {
  return apiRequest(`/api/companies/${encodeURIComponent(companyId)}/credit`, {
    signal,
    check: checkWith(accountCreditSchema),
  });
}

export function useAccountCredit(companyId: string) {
  return useQuery(
    queryOptions({
      queryKey: accountCreditKey(companyId),
      queryFn: ({ signal }) => getAccountCredit(companyId, signal),
    }),
  );
}

/** POST /api/companies/{id}/credit: adds or takes off credit; answers the credit as it is now. */
export function useAdjustAccountCredit(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustCreditRequest) =>
      apiRequest(`/api/companies/${encodeURIComponent(companyId)}/credit`, {
        method: 'POST',
        body,
        check: checkWith(accountCreditSchema),
      }),
    onSuccess: (credit) => queryClient.setQueryData(accountCreditKey(companyId), credit),
  });
}
