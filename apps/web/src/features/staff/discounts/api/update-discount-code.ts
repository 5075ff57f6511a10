import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  discountCodeSchema,
  type DiscountCode,
  type DiscountCodeRequest,
} from '@noise/shared/discounts';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { discountCodesKey } from './get-discount-codes';

/** PUT /api/discount-codes/{id}: the whole code again; archiving is `active: false`. */
export function updateDiscountCode(id: string, body: DiscountCodeRequest): Promise<DiscountCode> {
  return apiRequest(`/api/discount-codes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { ...body },
    check: checkWith(discountCodeSchema),
  });
}

export function useUpdateDiscountCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountCodeRequest) => updateDiscountCode(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...discountCodesKey, 'list'] }),
  });
}
