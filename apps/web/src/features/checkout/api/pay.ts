import {
  handlePaymentResponse,
  sandboxAuthenticateResponse,
  updatePaymentInfoResponse,
  type HandlePaymentRequest,
  type HandlePaymentResponse,
  type paymentSucceededResponse,
  type UpdatePaymentInfoRequest,
} from '@noise/shared/payments';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export type PaymentSucceeded = z.infer<typeof paymentSucceededResponse>;

/**
 * POST /api/payments/handle-payment. 200 is a success or a 3-D Secure challenge; a decline is a
 * 402 whose message is the reason, thrown as ApiError.
 */
export function handlePayment(body: HandlePaymentRequest): Promise<HandlePaymentResponse> {
  return apiRequest('/api/payments/handle-payment', {
    method: 'POST',
    body,
    check: checkWith(handlePaymentResponse),
  });
}

/** POST /api/payments/confirm: finishes a payment after the customer passed 3-D Secure. */
export function confirmPayment(paymentIntentId: string): Promise<HandlePaymentResponse> {
  return apiRequest('/api/payments/confirm', {
    method: 'POST',
    body: { paymentIntentId },
    check: checkWith(handlePaymentResponse),
  });
}

/** POST /api/payments/sandbox/authenticate: the sandbox's stand-in for the bank's dialog. */
export function authenticateSandboxPayment(clientSecret: string, outcome: 'approve' | 'fail') {
  return apiRequest('/api/payments/sandbox/authenticate', {
    method: 'POST',
    body: { clientSecret, outcome },
    check: checkWith(sandboxAuthenticateResponse),
  });
}

/** POST /api/users/update-payment-info (docs/product.md#api-calls): after a payment succeeds. */
export function updatePaymentInfo(body: UpdatePaymentInfoRequest) {
  return apiRequest('/api/users/update-payment-info', {
    method: 'POST',
    body,
    check: checkWith(updatePaymentInfoResponse),
  });
}
