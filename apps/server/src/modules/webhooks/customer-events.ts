import type { Db } from '../../db/client.ts';
import type { UserRow } from '../users/repository.ts';
import { emitWebhookEventIn } from './deliver-webhook.ts';

/**
 * How a customer account came to be: a sign-up, a provider's sign-in, a guest's checkout, or a
 * teammate's invitation accepted with a new account.
 */
export type CustomerSource =
  'email' | 'google' | 'facebook' | 'apple' | 'guest-checkout' | 'invitation' | 'invoice';

/**
 * `customer.created` (docs/product.md#webhooks), in the transaction that makes the account, so it
 * is sent if and only if the account was saved.
 */
export function emitCustomerCreated(tx: Db, user: UserRow, via: CustomerSource) {
  return emitWebhookEventIn(tx, 'customer.created', {
    customerId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.contactNumber,
    via,
    createdAt: user.createdAt.toISOString(),
  });
}
