import type { z } from 'zod';
import type { updatePaymentInfoRequest } from '@noise/shared/payments';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { CheckoutDeps } from './handle-payment.ts';

/**
 * Saves a customer's own payment customer and default card, after checking with the provider that
 * the card belongs to that customer. Another user's id is answered as unknown.
 */
export async function updatePaymentInfo(
  deps: Pick<CheckoutDeps, 'repos' | 'provider'>,
  callerId: string,
  body: z.infer<typeof updatePaymentInfoRequest>,
) {
  if (body.userId !== callerId) throw notFound('User not found');
  const users = deps.repos.users;
  const user = await users.findById(callerId);
  if (!user) throw notFound('User not found');
  if (user.paymentCustomerId !== body.paymentCustomerId) {
    throw badRequest('This payment customer does not belong to your account');
  }
  const method = await deps.provider.getPaymentMethod(body.defaultPaymentMethodId);
  if (!method || method.customerId !== body.paymentCustomerId) {
    throw badRequest('This payment method does not belong to your account');
  }
  await users.update(user.id, {
    paymentCustomerId: body.paymentCustomerId,
    defaultPaymentMethodId: body.defaultPaymentMethodId,
  });
  return {
    success: true as const,
    paymentInfo: {
      paymentCustomerId: body.paymentCustomerId,
      defaultPaymentMethodId: body.defaultPaymentMethodId,
    },
  };
}
