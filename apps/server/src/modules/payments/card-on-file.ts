import { fullNameOf } from '@noise/shared/display-name';
import type { Repositories } from '../../repositories.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import type { PaymentProvider } from './providers/provider.ts';

/**
 * Makes a card (a payment method the browser made with the provider's card form) the user's
 * default: on the provider's customer, on the user, and on their live subscriptions.
 */
export async function replaceCard(
  repos: Pick<Repositories, 'users' | 'payments'>,
  provider: PaymentProvider,
  userId: string,
  paymentMethodId: string,
) {
  const user = await repos.users.findById(userId);
  if (!user) throw notFound('Customer not found');
  const method = await provider.getPaymentMethod(paymentMethodId);
  if (!method) throw cardNotFound();
  const customerId = await provider.ensureCustomer({
    existingId: user.paymentCustomerId,
    email: user.email,
    name: fullNameOf(user),
    userId: user.id,
  });
  // Someone else's card is answered exactly like a card that does not exist.
  if (method.customerId && method.customerId !== customerId) throw cardNotFound();
  await provider.setDefaultPaymentMethod(customerId, paymentMethodId);
  await repos.payments.useCardByDefault(userId, customerId, paymentMethodId);
  return { brand: method.brand, last4: method.last4 };
}

const cardNotFound = () => badRequest('That card could not be found. Please enter it again.');

export async function currentCard(provider: PaymentProvider, user: UserRow) {
  if (!user.defaultPaymentMethodId) return null;
  const method = await provider.getPaymentMethod(user.defaultPaymentMethodId);
  return method ? { brand: method.brand, last4: method.last4 } : null;
}
