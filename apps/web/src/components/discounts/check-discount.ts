import { useMutation } from '@tanstack/react-query';
import { checkDiscountResponse, type CheckDiscountResponse } from '@noise/shared/discounts';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** POST /api/discount-codes/check: what a code takes off this service's order, or why not. */
export function checkDiscount(body: {
  code: string;
  serviceId: string;
}): Promise<CheckDiscountResponse> {
  return apiRequest('/api/discount-codes/check', {
    method: 'POST',
    body,
    check: checkWith(checkDiscountResponse),
  });
}

export function useCheckDiscount() {
  return useMutation({ mutationFn: checkDiscount });
}

/** An answer carried in the router state (a code the order panel applied), or null if it is not one. */
export function readCheckedDiscount(value: unknown): CheckDiscountResponse | null {
  const parsed = checkDiscountResponse.safeParse(value);
  return parsed.success ? parsed.data : null;
}
