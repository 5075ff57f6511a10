import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  discountCodeSchema,
  type DiscountCode,
  type DiscountCodeRequest,
} from '@noise/shared/discounts';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { discountCodesKey } from './get-discount-codes';

/** POST /api/discount-codes: a new code (amounts in dollars before GST); 409 for a taken code. */
export function createDiscountCode(body: DiscountCodeRequest): Promise<DiscountCode> {
  return apiRequest('/api/discount-codes', {
    method: 'POST',
    body: { ...body },
    check: checkWith(discountCodeSchema),
  });
}

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...discountCodesKey, 'list'] }),
  });
}
