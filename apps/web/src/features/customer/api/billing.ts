import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingOverviewSchema } from '@noise/shared/billing';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/billing: the company's invoices, adjustment notes, payments due and plans. */
export const billingQuery = queryOptions({
  queryKey: ['billing'],
  queryFn: ({ signal }) =>
    apiRequest('/api/billing', { signal, check: checkWith(billingOverviewSchema) }),
});

export function useBilling() {
  return useQuery(billingQuery);
}
