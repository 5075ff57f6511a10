import type { FastifyBaseLogger } from 'fastify';
import type {
  GuestCheckoutRequest,
  GuestDetails,
  HandlePaymentResponse,
} from '@noise/shared/payments';
import { isStaffRole } from '@noise/shared/roles';
import { forbidden, notFound } from '../../lib/errors.ts';
import { issueToken, type AuthDeps } from '../auth/sign-in.ts';
import type { UserRepository, UserRow } from '../users/repository.ts';
import { emitCustomerCreated } from '../webhooks/customer-events.ts';
import {
  confirmPayment,
  expireWaitingAttempt,
  handlePayment,
  REPLACED_MESSAGE,
  type CheckoutDeps,
} from './handle-payment.ts';

/**
 * The account a guest's order goes into (docs/decisions/013-guest-checkout.md):
 * - no account has that email: a client account without a password is made for it; once the
 *   payment succeeds the guest is signed in to follow the order, and an email lets them choose
 *   a password. An account an earlier guest checkout made whose every payment was declined is
 *   taken over the same way, so a guest whose first card was declined can follow the retry;
 * - any other client account has it, whatever its state (with or without a password, orders or
 *   a sign-in provider; made by staff, or by an earlier guest checkout): the guest is not signed
 *   in and sees nothing of it, and the order waits for the account's owner to claim it through
 *   the link mailed to that address (docs/decisions/043);
 * - a staff account has it: refused; staff sign in to order.
 * Only an account this very request made (or took over) can sign the guest in, and only after
 * its payment succeeds. `held` says whether the order waits for the owner: not when a repeat of
 * the checkout that made the account (its idempotency key) lost the race to make it.
 */
export async function resolveGuestAccount(
  users: UserRepository,
  guest: GuestDetails,
  idempotencyKey: string,
  log: FastifyBaseLogger,
  /** Ends the payments of an account nobody could sign in to that still wait on a bank check. */
  endWaitingPayments: (user: UserRow) => Promise<void> = async () => {},
): Promise<{ user: UserRow; created: boolean; held: boolean }> {
  const details = {
    firstName: guest.firstName,
    lastName: guest.lastName,
    contactNumber: guest.phoneNumber,
    guestCheckoutKey: idempotencyKey,
  };
  const existing = await users.findByEmail(guest.email);
  if (existing?.guestCheckoutKey && existing.guestCheckoutKey !== idempotencyKey) {
    // A guest who left the bank's check (a reload, a closed window) and pays again: that waiting
    // payment is cancelled first, as a customer's own would be. One that was paid meanwhile
    // keeps the account from being taken over (the statement below checks).
    if (!existing.passwordHash && !existing.isOAuth && !isStaffRole(existing.role)) {
      await endWaitingPayments(existing);
    }
    const adopted = await users.adoptUnpaidGuestAccount(
      existing.id,
      existing.guestCheckoutKey,
      details,
    );
    if (adopted) {
      log.info({ userId: adopted.id, event: 'guest_account_retried' }, 'guest account retried');
      return { user: adopted, created: true, held: false };
    }
  }
  if (existing) return checked(existing, idempotencyKey);
  const created = await users.insertIfEmailFree(
    { email: guest.email, role: 'client', passwordHash: null, ...details },
    // Made before its payment is tried: a CRM hears of the account even if the card is declined.
    (tx, made) => emitCustomerCreated(tx, made, 'guest-checkout'),
  );
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

export interface GuestCheckoutDeps {
  checkout: CheckoutDeps;
  auth: AuthDeps;
}

/** Nothing of an account that is not the guest's goes back but the outcome. */
function redacted<T extends HandlePaymentResponse>(result: T): T {
  return result.success
    ? { ...result, paymentCustomerId: '', projectId: '', paymentId: '', defaultPaymentMethodId: '' }
    : result;
}

/**
 * POST /api/payments/guest-checkout (docs/product.md#guest-checkout): a visitor's order and
 * payment. A token goes back only when this checkout made the account and the payment is paid:
 * a payment still waiting on the bank's check signs nobody in (docs/decisions/013), so an
 * account made with someone else's email gives no session to whoever typed it until they pay.
 */
export async function placeGuestOrder(
  deps: GuestCheckoutDeps,
  body: GuestCheckoutRequest,
  idempotencyKey: string,
  log: FastifyBaseLogger,
) {
  const { guest, ...payment } = body;
  const { user, created, held } = await resolveGuestAccount(
    deps.auth.users,
    guest,
    idempotencyKey,
    log,
    async (account) => {
      const repo = deps.checkout.repos.payments;
      for (const attempt of await repo.listWaitingAttemptsOfUser(account.id)) {
        await expireWaitingAttempt(deps.checkout, attempt, REPLACED_MESSAGE);
      }
    },
  );
  // An account that existed before this request is not the guest's: the order waits for its
  // owner, and its saved card and provider customer are left alone.
  const result = await handlePayment(deps.checkout, user.id, payment, idempotencyKey, {
    heldForOwner: held,
  });
  if (!created) return { account: 'existing' as const, token: null, payment: redacted(result) };
  // The paid order mails the link to choose a password (payments/notify-checkout.ts).
  const token = result.success ? await issueToken(deps.auth, user) : null;
  return { account: 'created' as const, token, payment: result };
}

/**
 * POST /api/payments/guest-confirm: a guest's order after the bank's check. It settles only what
 * the provider says was paid. The guest is signed in when the checkout made the account (the
 * attempt's key is the one the account remembers) and nobody has proved the mailbox since: a
 * claimed order forgets that key, and an account with a password signs in with it
 * (docs/decisions/043).
 */
export async function confirmGuestOrder(deps: GuestCheckoutDeps, paymentIntentId: string) {
  const attempt = await deps.checkout.repos.payments.findAttemptByProviderPayment(
    deps.checkout.provider.name,
    paymentIntentId,
  );
  if (!attempt) throw notFound('Payment not found');
  const result = await confirmPayment(deps.checkout, attempt.userId, paymentIntentId);
  if (!result.success) throw notFound('Payment not found');
  const user = await deps.auth.users.findById(attempt.userId);
  const theGuests =
    user !== undefined &&
    !attempt.heldForOwner &&
    user.guestCheckoutKey === attempt.idempotencyKey &&
    !user.passwordHash &&
    !user.isOAuth;
  if (!theGuests) return { token: null, payment: redacted(result) };
  return { token: await issueToken(deps.auth, user), payment: result };
}
