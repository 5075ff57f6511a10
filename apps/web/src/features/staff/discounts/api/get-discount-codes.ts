import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { discountCodeSchema, type DiscountCode } from '@noise/shared/discounts';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const discountCodesKey = ['staff', 'discount-codes'] as const;

const discountCodesResponse = z.array(discountCodeSchema);

/** GET /api/discount-codes: every discount code with what it has given, newest first. */
export function getDiscountCodes(signal?: AbortSignal): Promise<DiscountCode[]> {
  return apiRequest('/api/discount-codes', {
    signal,
    check: checkWith(discountCodesResponse),
  });
}

export const discountCodesQuery = queryOptions({
  queryKey: [...discountCodesKey, 'list'],
  queryFn: ({ signal }) => getDiscountCodes(signal),
});

export function useDiscountCodes() {
  return useQuery(discountCodesQuery);
}
