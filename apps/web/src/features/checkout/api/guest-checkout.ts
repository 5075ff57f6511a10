import {
  guestCheckoutResponse,
  guestConfirmResponse,
  type GuestCheckoutRequest,
} from '@noise/shared/payments';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export type GuestCheckoutAnswer = z.infer<typeof guestCheckoutResponse>;

/**
 * POST /api/payments/guest-checkout (docs/decisions/013): the order of a visitor who is not signed
 * in. 'created' answers a token, once the order is paid, that signs the guest in to the account
 * this request made (none while the bank's check is pending);
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

export type GuestConfirmAnswer = z.infer<typeof guestConfirmResponse>;

/**
 * POST /api/payments/guest-confirm: completes a guest's order after the bank's check. The token
 * signs the guest in when guest-checkout made the account; otherwise it is null and ids are blank.
 */
export function confirmGuestPayment(paymentIntentId: string): Promise<GuestConfirmAnswer> {
  return apiRequest('/api/payments/guest-confirm', {
    method: 'POST',
    body: { paymentIntentId },
    check: checkWith(guestConfirmResponse),
  });
}
