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
 * - a client account has it: the order goes into that account, visible only once its owner
 *   signs in (the guest is not signed in and sees nothing of the account);
 * - except an account a guest checkout made that still holds nothing (no password, no sign-in
 *   provider, no order: a first card was declined): it is the guest's again, there is nothing
 *   in it to see;
 * - a staff account has it: refused; staff sign in to order.
 */
export async function resolveGuestAccount(
  users: UserRepository,
  isEmptyGuestAccount: (user: UserRow) => Promise<boolean>,
  guest: GuestDetails,
  log: FastifyBaseLogger,
): Promise<{ user: UserRow; created: boolean }> {
  if (!isValidAustralianPhone(guest.phoneNumber)) {
    throw badRequest(AU_PHONE_MESSAGE, [{ path: 'guest.phoneNumber', message: AU_PHONE_MESSAGE }]);
  }
  const existing = await users.findByEmail(guest.email);
  if (existing && (await isEmptyGuestAccount(existing))) return { user: existing, created: true };
  if (existing) return checked(existing);
  const created = await users.insertIfEmailFree({
    email: guest.email,
    role: 'client',
    passwordHash: null,
    firstName: guest.firstName,
    lastName: guest.lastName,
    contactNumber: normalizePhone(guest.phoneNumber),
  });
  if (created) {
    log.info({ userId: created.id, event: 'guest_account_created' }, 'guest account created');
    return { user: created, created: true };
  }
  // Two guest checkouts with one new email at once: the other made the account.
  return checked((await users.findByEmail(guest.email))!);
}

function checked(user: UserRow) {
  if (isStaffRole(user.role)) {
    throw forbidden('This email belongs to a team account. Please sign in to order.');
  }
  return { user, created: false };
}
