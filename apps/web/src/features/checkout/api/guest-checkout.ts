import { guestCheckoutResponse, type GuestCheckoutRequest } from '@noise/shared/payments';
import type { z } from 'zod';
import { api, apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export type GuestCheckoutAnswer = z.infer<typeof guestCheckoutResponse>;

/**
 * POST /api/payments/guest-checkout (docs/decisions/013): the order of a visitor who is not signed
 * in. 'created' answers a token that signs the guest in to the account this request made;
 * 'existing' means the email had an account: the order waits for its owner, who adds it with the
 * mailed link (docs/decisions/043), and every id is blank. Declines are 402s.
 */
export function guestCheckout(body: GuestCheckoutRequest): Promise<GuestCheckoutAnswer> {
  return apiRequest('/api/payments/guest-checkout', {
    method: 'POST',
    body,
    check: checkWith(guestCheckoutResponse),
  });
}

/** POST /api/payments/guest-confirm: completes a bank-checked order of an existing account. */
export function confirmGuestPayment(paymentIntentId: string): Promise<{ success: true }> {
  return api.post<{ success: true }>('/api/payments/guest-confirm', { paymentIntentId });
}
