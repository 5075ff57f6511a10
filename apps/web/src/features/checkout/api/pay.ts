import type {
  HandlePaymentRequest,
  HandlePaymentResponse,
  paymentSucceededResponse,
} from '@noise/shared/payments';
import type { z } from 'zod';
import { api, apiRequest } from '@/lib/api-client';

export type PaymentSucceeded = z.infer<typeof paymentSucceededResponse>;

/**
 * POST /api/payments/handle-payment. 200 is a success or a 3-D Secure challenge; a decline is a
 * 402 whose message is the reason, thrown as ApiError.
 */
export function handlePayment(body: HandlePaymentRequest): Promise<HandlePaymentResponse> {
  return api.post<HandlePaymentResponse>('/api/payments/handle-payment', body);
}

/**
 * POST /api/payments/confirm: finishes a payment after the customer passed 3-D Secure. `token`
 * is a guest's new account, not yet signed in while the payment is unfinished.
 */
export function confirmPayment(
  paymentIntentId: string,
  token?: string,
): Promise<HandlePaymentResponse> {
  return apiRequest<HandlePaymentResponse>('/api/payments/confirm', {
    method: 'POST',
    body: { paymentIntentId },
    token,
  });
}

/** POST /api/payments/sandbox/authenticate: the sandbox's stand-in for the bank's dialog. */
export function authenticateSandboxPayment(
  clientSecret: string,
  outcome: 'approve' | 'fail',
): Promise<{ paymentIntentId: string; status: 'succeeded' | 'failed' | 'requires_action' }> {
  return api.post('/api/payments/sandbox/authenticate', { clientSecret, outcome });
}

/** POST /api/users/update-payment-info (docs/product.md#api-calls): after a payment succeeds. */
export function updatePaymentInfo(body: {
  userId: string;
  stripeCustomerId: string;
  defaultPaymentMethodId: string;
}): Promise<unknown> {
  return api.post('/api/users/update-payment-info', body);
}
