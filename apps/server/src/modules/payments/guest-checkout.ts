import type { FastifyBaseLogger } from 'fastify';
import type { GuestDetails } from '@noise/shared/payments';
import { AU_PHONE_MESSAGE, isValidAustralianPhone, normalizePhone } from '@noise/shared/phone';
import { isStaffRole } from '@noise/shared/roles';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { UserRepository, UserRow } from '../users/repository.ts';

/**
 * The account a guest's order goes into (docs/decisions/013-guest-checkout.md):
 * - no account has that email: a client account without a password is made for it; the guest
 *   is signed in to follow the order, and an email lets them choose a password;
 * - any other client account has it, whatever its state (with or without a password, orders or
 *   a sign-in provider; made by staff, or by an earlier guest checkout): the guest is not signed
 *   in and sees nothing of it, and the order waits for the account's owner to claim it through
 *   the link mailed to that address (docs/decisions/043);
 * - a staff account has it: refused; staff sign in to order.
 * Only an account this very request made signs the guest in. `held` says whether the order waits
 * for the owner: not when a repeat of the checkout that made the account (its idempotency key)
 * lost the race to make it.
 */
export async function resolveGuestAccount(
  users: UserRepository,
  guest: GuestDetails,
  idempotencyKey: string,
  log: FastifyBaseLogger,
): Promise<{ user: UserRow; created: boolean; held: boolean }> {
  if (!isValidAustralianPhone(guest.phoneNumber)) {
    throw badRequest(AU_PHONE_MESSAGE, [{ path: 'guest.phoneNumber', message: AU_PHONE_MESSAGE }]);
  }
  const existing = await users.findByEmail(guest.email);
  if (existing) return checked(existing, idempotencyKey);
  const created = await users.insertIfEmailFree({
    email: guest.email,
    role: 'client',
    passwordHash: null,
    firstName: guest.firstName,
    lastName: guest.lastName,
    contactNumber: normalizePhone(guest.phoneNumber),
    guestCheckoutKey: idempotencyKey,
  });
  if (created) {
    log.info({ userId: created.id, event: 'guest_account_created' }, 'guest account created');
    return { user: created, created: true, held: false };
  }
  // Two guest checkouts with one new email at once: the other made the account.
  return checked((await users.findByEmail(guest.email))!, idempotencyKey);
}

function checked(user: UserRow, idempotencyKey: string) {
  if (isStaffRole(user.role)) {
    throw forbidden('This email belongs to a team account. Please sign in to order.');
  }
  return { user, created: false, held: user.guestCheckoutKey !== idempotencyKey };
}
