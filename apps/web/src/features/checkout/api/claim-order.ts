import type { ClaimOrderResponse } from '@noise/shared/payments';
import { api } from '@/lib/api-client';

/**
 * POST /api/payments/claim-order: the owner opened the link mailed with a guest's order; the order
 * joins their account. An account without a password answers a token to choose one. The answer is
 * not checked against its schema: this page, opened from an email, loads no zod.
 */
export function claimOrder(token: string): Promise<ClaimOrderResponse> {
  return api.post<ClaimOrderResponse>('/api/payments/claim-order', { token });
}
