import { and, eq, ne, sql } from 'drizzle-orm';
import { fullNameOf } from '@noise/shared/display-name';
import type { Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { PaymentProvider } from '../payments/providers/provider.ts';
import type { UserRow } from './repository.ts';

/** Changes a password; every older token of the user stops working (the caller issues a new one). */
export async function changePassword(
  db: Db,
  user: UserRow,
  currentPassword: string,
  newPassword: string,
): Promise<UserRow> {
  if (user.isOAuth && !user.passwordHash) {
    throw badRequest(
      'You sign in with Google, Facebook or Apple, so there is no password to change',
    );
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw unauthorized('Your current password is not right');
  }
  const [row] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(newPassword),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      // So do the reply addresses in mail already sent (decision 061).
      replyKeyVersion: sql`${users.replyKeyVersion} + 1`,
    })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

/**
 * Makes a card (a payment method the browser made with the provider's card form) the user's
 * default: on the provider's customer, on the user, and on their live subscriptions.
 */
export async function replaceCard(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  paymentMethodId: string,
) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Customer not found');
  const method = await provider.getPaymentMethod(paymentMethodId);
  if (!method) throw cardNotFound();
  const customerId = await provider.ensureCustomer({
    existingId: user.stripeCustomerId,
    email: user.email,
    name: fullNameOf(user),
    userId: user.id,
  });
  // Someone else's card is answered exactly like a card that does not exist.
  if (method.customerId && method.customerId !== customerId) throw cardNotFound();
  await provider.setDefaultPaymentMethod(customerId, paymentMethodId);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ stripeCustomerId: customerId, defaultPaymentMethodId: paymentMethodId })
      .where(eq(users.id, userId));
    await tx
      .update(subscriptions)
      .set({ paymentMethodId, providerCustomerId: customerId })
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'cancelled')));
  });
  return { brand: method.brand, last4: method.last4 };
}

const cardNotFound = () => badRequest('That card could not be found. Please enter it again.');

export async function currentCard(provider: PaymentProvider, user: UserRow) {
  if (!user.defaultPaymentMethodId) return null;
  const method = await provider.getPaymentMethod(user.defaultPaymentMethodId);
  return method ? { brand: method.brand, last4: method.last4 } : null;
}
