import type { GuestCheckoutRequest, guestCheckoutResponse } from '@noise/shared/payments';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type GuestCheckoutAnswer = z.infer<typeof guestCheckoutResponse>;

/**
 * POST /api/payments/guest-checkout (docs/decisions/013): the order of a visitor who is not signed
 * in. 'created' answers a token that signs the guest in to the new account; 'existing' put the
 * order into the account the email already has, and answers blank ids. Declines are 402s.
 */
export function guestCheckout(body: GuestCheckoutRequest): Promise<GuestCheckoutAnswer> {
  return api.post<GuestCheckoutAnswer>('/api/payments/guest-checkout', body);
}

/** POST /api/payments/guest-confirm: completes a bank-checked order of an existing account. */
export function confirmGuestPayment(paymentIntentId: string): Promise<{ success: true }> {
  return api.post<{ success: true }>('/api/payments/guest-confirm', { paymentIntentId });
}
