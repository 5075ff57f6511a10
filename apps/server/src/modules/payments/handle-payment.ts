import type { HandlePaymentRequest, HandlePaymentResponse } from '@noise/shared/payments';
import { orderCreditCents } from '@noise/shared/account-credit';
import { fullNameOf } from '@noise/shared/display-name';
import { formatMoney } from '@noise/shared/pricing';
import { isUniqueViolation } from '../../lib/error-codes.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { AttemptChanges } from './attempt-changes.ts';
import { completeOrder, type CompletionDeps } from './complete-order.ts';
import {
  DISCOUNT_HOLD_MS,
  refuseCode,
  usableDiscount,
  usedUpMessage,
} from '../discounts/discount-codes.ts';
import { hashOrderRequest, priceOrderRequest, type PricedOrder } from './price-order.ts';
import { ProviderUnavailableError, type ProviderPayment } from './providers/provider.ts';
import type { AttemptRow, NewAttempt } from './repository.ts';

export interface CheckoutDeps extends CompletionDeps {
  currency: string;
  /** How long a request waits for the same key's in-flight attempt before answering 409. */
  waitForInFlightMs?: number;
  /** How long a payment waits for the customer's bank check before it is cancelled. */
  actionTtlMs?: number;
  /** Wakes a request waiting on the same key's attempt when that attempt changes. */
  attemptChanges: AttemptChanges;
  /** A waiting request reads its attempt again at least this often, notified or not. */
  recheckMs?: number;
}

/** A processing attempt is ours for this long; after it, a retry may take it over. */
const ATTEMPT_LOCK_MS = 2 * 60_000;
/** A bank check (3-D Secure) not finished in this time is abandoned: the payment is cancelled. */
export const ACTION_TTL_MS = 15 * 60_000;
export const ACTION_EXPIRED_MESSAGE =
  'The check with your bank was not finished in time, so the payment was cancelled. You have not been charged: please pay again.';
export const REPLACED_MESSAGE = 'You started a new payment, so this one was cancelled.';
const holdOverMessage = (code: string) =>
  `The check with your bank took longer than ${DISCOUNT_HOLD_MS / 60_000} minutes and the code ${code} was used up by other orders meanwhile, so this payment was cancelled. You have not been charged: please pay again.`;
const RECHECK_MS = 1000;

export const declined = (message: string) => new AppError('payment_declined', 402, message);
const providerDown = () =>
  new AppError(
    'payment_provider_unavailable',
    502,
    'We could not reach the payment provider. You have not been charged twice: please try again with the same details.',
  );

function succeeded(attempt: AttemptRow): HandlePaymentResponse {
  return {
    success: true,
    paymentCustomerId: attempt.providerCustomerId ?? '',
    projectId: attempt.projectId!,
    paymentId: attempt.paymentId!,
    defaultPaymentMethodId: attempt.paymentMethodId,
  };
}

/**
 * POST /api/payments/handle-payment. Idempotent per key: the first request records an attempt
 * (unique key) and calls the provider with that key; concurrent and later requests with the
 * same key wait for that attempt and answer what it answered.
 */
export async function handlePayment(
  deps: CheckoutDeps,
  userId: string,
  body: HandlePaymentRequest,
  idempotencyKey: string,
  options: { heldForOwner?: boolean } = {},
): Promise<HandlePaymentResponse> {
  const repo = deps.repos.payments;
  const requestHash = hashOrderRequest(body);

  const existing = await repo.findAttemptByKey(idempotencyKey);
  if (existing) return answerExisting(deps, existing, userId, requestHash);

  const user = await deps.repos.users.findById(userId);
  if (!user) throw notFound('User not found');
  // Priced and checked before anything is recorded: a wrong amount leaves no trace.
  const discountDeps = {
    discounts: deps.repos.discounts,
    timeZone: deps.timeZone ?? 'Australia/Sydney',
    now: () => new Date(),
  };
  const sources = {
    ...deps.repos.orderSources,
    usableDiscountCode: (code: string, serviceId: string) =>
      usableDiscount(discountDeps, code, serviceId),
  };
  const order = await priceOrderRequest(sources, user, body);
  // Checked before anything is recorded too: the credit the page showed must be what there is.
  const credit = await orderCreditOf(deps, userId, body, order, options);
  await replaceWaitingAttempts(deps, userId, order, idempotencyKey);
  // The balance of a quote is paid as an attempt of its own kind: its deposit's stays done.
  const type = order.quotePart?.kind === 'balance' ? 'quoteBalance' : body.type;
  if (order.quoteId) {
    let live = await repo.findLiveQuoteAttempt(order.quoteId, type);
    // Someone else's abandoned bank check no longer holds the quote once its wait is over.
    if (live?.state === 'requires_action' && live.expiresAt && live.expiresAt <= new Date()) {
      await expireWaitingAttempt(deps, live, ACTION_EXPIRED_MESSAGE);
      live = await repo.findLiveQuoteAttempt(order.quoteId, type);
    }
    if (live && live.idempotencyKey !== idempotencyKey) {
      throw conflict(
        live.state === 'succeeded'
          ? 'This quote has already been paid.'
          : 'A payment for this quote is already in progress. If it was abandoned, it is cancelled within 15 minutes: please try again then.',
      );
    }
  }

  let attempt: AttemptRow | undefined;
  try {
    attempt = await insertAttempt(deps, order, userId, {
      idempotencyKey,
      userId,
      type,
      state: 'processing',
      requestHash,
      order,
      quoteId: order.quoteId,
      amountCents: order.amountCents,
      gstCents: order.gstCents,
      currency: deps.currency,
      provider: deps.provider.name,
      paymentMethodId: body.payment_method,
      lockedUntil: new Date(Date.now() + ATTEMPT_LOCK_MS),
      heldForOwner: options.heldForOwner ?? false,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A payment for this quote is already in progress.');
    throw error;
  }
  if (!attempt) {
    // Another request with this key won the insert: answer what it answers.
    const winner = await repo.findAttemptByKey(idempotencyKey);
    return answerExisting(deps, winner!, userId, requestHash);
  }
  if (credit) attempt = await holdOrderCredit(deps, attempt, credit);
  return processAttempt(deps, attempt, user);
}

/**
 * The account credit a storefront order or a quote's payment asks to use (docs/decisions/107):
 * what the page showed (`creditCents`), which must be what the company's credit pays of it now
 * (`orderCreditCents`).
 * Owners and billing people spend their company's credit; members, guests and an order held for
 * an account's owner pay by card. Null: none is used.
 */
async function orderCreditOf(
  deps: CheckoutDeps,
  userId: string,
  body: HandlePaymentRequest,
  order: PricedOrder,
  options: { heldForOwner?: boolean },
): Promise<{ companyId: string; cents: number } | null> {
  const asked = body.creditCents ?? 0;
  if (asked === 0) return null;
  const refuse = (message: string) =>
    new AppError('credit_changed', 409, message, [{ path: 'creditCents', message }]);
  if (order.bill || options.heldForOwner) {
    throw refuse('Account credit is used on storefront orders and quotes only.');
  }
  const member = await deps.repos.companies.membershipOf(userId);
  if (!member || member.role === 'member') {
    throw refuse('Only the company’s owners and billing people can use its account credit.');
  }
  const balance = (await deps.repos.accountCredit.balanceOf(member.companyId)) ?? 0;
  if (orderCreditCents(balance, order.amountCents) !== asked) {
    throw refuse(
      `Your account credit is now ${formatMoney(balance, deps.currency)}: please look at the amount again.`,
    );
  }
  return { companyId: member.companyId, cents: asked };
}

/**
 * Holds the order's credit under the attempt's key before the card is asked for the rest: a
 * retry of the attempt finds the same hold. Credit spent meanwhile (another tab) fails the
 * attempt, with nothing charged.
 */
async function holdOrderCredit(
  deps: CheckoutDeps,
  attempt: AttemptRow,
  credit: { companyId: string; cents: number },
): Promise<AttemptRow> {
  const hold = await deps.repos.accountCredit.hold({
    companyId: credit.companyId,
    holdKey: `order:${attempt.idempotencyKey}`,
    upToCents: credit.cents,
    currency: attempt.currency,
  });
  if (!hold || -hold.amountCents !== credit.cents) {
    if (hold) await deps.repos.accountCredit.returnHoldById(hold.id);
    const message = 'Your account credit changed meanwhile: please look at the amount again.';
    await deps.repos.payments.updateAttempt(attempt.id, {
      state: 'failed',
      failureMessage: message,
      lockedUntil: null,
    });
    throw new AppError('credit_changed', 409, message, [{ path: 'creditCents', message }]);
  }
  const values = { creditCents: credit.cents, creditEntryId: hold.id };
  await deps.repos.payments.updateAttempt(attempt.id, values);
  return { ...attempt, ...values };
}

/**
 * Records the attempt; with a discount code, in one transaction with one of the code's uses, taken
 * under the code's lock: two checkouts at once cannot both take its last use (decision 069).
 */
async function insertAttempt(
  deps: CheckoutDeps,
  order: PricedOrder,
  userId: string,
  values: NewAttempt,
): Promise<AttemptRow | undefined> {
  const discount = order.discount;
  if (!discount) return deps.repos.payments.insertAttempt(values);
  const use = { codeId: discount.codeId, userId, discountCents: discount.discountCents };
  // A code without limits needs no count, nor its lock: checkouts with it never wait on each
  // other, and the attempt and its use are one statement (decision 069).
  if (discount.maxUses === null && discount.maxUsesPerCustomer === null) {
    return deps.repos.discounts.insertAttemptUsingCode(values, use);
  }
  await releaseHolds(deps, discount, userId, values.idempotencyKey);
  return deps.repos.transaction(async (r) => {
    const codes = r.discounts;
    const uses = await codes.lockAndCountUses(discount.codeId, userId, {
      upTo: discount.maxUses,
      mineUpTo: discount.maxUsesPerCustomer,
    });
    if (discount.maxUses !== null && uses.total >= discount.maxUses) {
      throw refuseCode(usedUpMessage(discount.code));
    }
    if (discount.maxUsesPerCustomer !== null && uses.mine >= discount.maxUsesPerCustomer) {
      throw refuseCode(`You have already used the code ${discount.code}.`);
    }
    const attempt = await r.payments.insertAttempt(values);
    if (attempt) await codes.insertRedemption({ ...use, attemptId: attempt.id });
    return attempt;
  });
}

/**
 * Frees the uses of a limited code that payments waiting on the bank's check hold and should no
 * longer (docs/decisions/087-discount-code-holds.md), before this checkout counts under the
 * code's lock: the buyer's own other waiting payments with the code (one hold per code and email
 * address, so new checkouts cannot pile up holds), and, when the code has no use left without
 * them, holds older than DISCOUNT_HOLD_MS, oldest first and only as many as it takes. Each is
 * cancelled with the provider before its use counts as free, so a bank check finished later
 * cannot charge with a use that went to someone else; one paid just before keeps its use (the
 * count under the lock then refuses this checkout). Only the lock's count decides: two
 * checkouts freeing the same hold at once still give its use to one.
 */
async function releaseHolds(
  deps: CheckoutDeps,
  discount: NonNullable<PricedOrder['discount']>,
  userId: string,
  idempotencyKey: string,
) {
  const codes = deps.repos.discounts;
  const release = async (attempt: AttemptRow, message: string) => {
    // A provider that cannot answer now leaves the hold as it is: the count refuses, never
    // over-uses.
    await expireWaitingAttempt(deps, attempt, message).catch((err: unknown) =>
      deps.log.warn({ err, attemptId: attempt.id }, 'could not cancel a payment holding a code'),
    );
  };
  const own = await codes.listWaitingAttemptsUsing(discount.codeId, { userId }, 20);
  for (const attempt of own) {
    if (attempt.idempotencyKey !== idempotencyKey) await release(attempt, REPLACED_MESSAGE);
  }
  const maxUses = discount.maxUses;
  if (maxUses === null) return;
  // One freed use is all this checkout needs; a few more tries cover holds paid meanwhile.
  const over = await codes.listWaitingAttemptsUsing(
    discount.codeId,
    { holdMs: DISCOUNT_HOLD_MS },
    Math.min(maxUses, 5),
  );
  for (const attempt of over) {
    if ((await codes.countLiveUses(discount.codeId, maxUses)) < maxUses) return;
    await release(attempt, holdOverMessage(discount.code));
  }
}

async function answerExisting(
  deps: CheckoutDeps,
  attempt: AttemptRow,
  userId: string,
  requestHash: string,
): Promise<HandlePaymentResponse> {
  if (attempt.userId !== userId) {
    throw conflict('This idempotency key belongs to another checkout. Please start again.');
  }
  if (attempt.requestHash !== requestHash) {
    throw conflict(
      'This idempotency key was already used for a different order. Please start again.',
    );
  }
  const repo = deps.repos.payments;
  const deadline = Date.now() + (deps.waitForInFlightMs ?? 20_000);
  // Listening starts before the attempt is read again, so its change cannot slip between.
  const watch = await deps.attemptChanges.watch(attempt.id);
  try {
    for (;;) {
      const current = (await repo.findAttempt(attempt.id))!;
      switch (current.state) {
        case 'succeeded':
          return succeeded(current);
        case 'failed':
          throw declined(current.failureMessage ?? 'The payment was not completed.');
        case 'requires_action':
          return answerRequiresAction(deps, current);
        case 'error':
        case 'processing': {
          const reclaimed = await repo.reclaimAttempt(current.id, ATTEMPT_LOCK_MS);
          if (reclaimed) {
            const user = await deps.repos.users.findById(userId);
            if (!user) throw notFound('User not found');
            return processAttempt(deps, reclaimed, user);
          }
          const now = Date.now();
          if (now > deadline) {
            throw conflict(
              'This payment is already being processed. Please wait a moment, then check your projects.',
            );
          }
          // Woken by the attempt's next change; otherwise when its holder's lock runs out (it
          // may have died), or at the latest after `recheckMs` (a notification lost with a dropped
          // connection).
          const lockEnds = (current.lockedUntil?.getTime() ?? now) + 10 - now;
          await watch.next(
            Math.min(deadline + 1 - now, Math.max(lockEnds, 0), deps.recheckMs ?? RECHECK_MS),
          );
        }
      }
    }
  } finally {
    watch.stop();
  }
}

/** The intent may have been confirmed in the meantime: ask the provider before answering. */
async function answerRequiresAction(
  deps: CheckoutDeps,
  attempt: AttemptRow,
): Promise<HandlePaymentResponse> {
  const payment = await deps.provider
    .retrievePayment(attempt.providerPaymentId!)
    .catch((error: unknown) => {
      throw error instanceof ProviderUnavailableError ? providerDown() : error;
    });
  return settle(deps, attempt, payment);
}

async function processAttempt(
  deps: CheckoutDeps,
  attempt: AttemptRow,
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    paymentCustomerId: string | null;
  },
): Promise<HandlePaymentResponse> {
  const repo = deps.repos.payments;
  let payment: ProviderPayment;
  try {
    // A held guest order pays as its own provider customer: the account's is not the guest's.
    const accountCustomerId = attempt.heldForOwner ? null : user.paymentCustomerId;
    const customerId =
      attempt.providerCustomerId ??
      (await deps.provider.ensureCustomer({
        existingId: accountCustomerId,
        email: user.email,
        name: fullNameOf(user),
        userId: user.id,
        key: attempt.heldForOwner ? `attempt:${attempt.id}` : undefined,
      }));
    if (customerId !== attempt.providerCustomerId) {
      // A customer made just now is remembered at once, so that a retry of this attempt charges
      // the same one; the customer's own is found again by a retry.
      if (customerId !== accountCustomerId) {
        await repo.updateAttempt(attempt.id, { providerCustomerId: customerId });
        if (!attempt.heldForOwner) {
          await deps.repos.users.update(user.id, { paymentCustomerId: customerId });
        }
      }
      attempt = { ...attempt, providerCustomerId: customerId };
    }
    const order = attempt.order;
    payment = await deps.provider.createPayment({
      customerId,
      paymentMethodId: attempt.paymentMethodId,
      // Account credit held for it pays the rest (docs/decisions/107).
      amountCents: attempt.amountCents - attempt.creditCents,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotencyKey,
      description: `${deps.companyName}: ${order.service.title}`,
      metadata: { kind: 'checkout', attemptId: attempt.id, userId: user.id },
      offSession: false,
    });
  } catch (error) {
    // The outcome is unknown: the attempt stays retryable, and a retry reuses the same key.
    await repo.updateAttempt(attempt.id, { state: 'error', lockedUntil: null });
    if (error instanceof ProviderUnavailableError) throw providerDown();
    throw error;
  }
  return settle(deps, attempt, payment);
}

/** Acts on the provider's answer: complete, ask for authentication, or refuse. */
export async function settle(
  deps: CheckoutDeps,
  attempt: AttemptRow,
  payment: ProviderPayment,
): Promise<HandlePaymentResponse> {
  const repo = deps.repos.payments;
  switch (payment.status) {
    case 'succeeded':
      return succeeded(await completeOrder(deps, attempt.id, payment));
    case 'requires_action':
      await repo.updateAttempt(attempt.id, {
        state: 'requires_action',
        providerPaymentId: payment.id,
        lockedUntil: null,
        // Only when it starts waiting: answering the same attempt again does not extend it.
        ...(attempt.state === 'requires_action'
          ? {}
          : { expiresAt: new Date(Date.now() + (deps.actionTtlMs ?? ACTION_TTL_MS)) }),
      });
      return {
        success: false,
        requiresAction: true,
        clientSecret: payment.clientSecret ?? '',
        paymentIntentId: payment.id,
      };
    case 'processing':
      await repo.updateAttempt(attempt.id, {
        providerPaymentId: payment.id,
        lockedUntil: new Date(Date.now() + ATTEMPT_LOCK_MS),
      });
      throw conflict(
        'Your bank is still processing this payment. We will email you when it completes.',
      );
    case 'failed': {
      const message = payment.failureMessage ?? 'The payment was not completed.';
      // Never move a completed attempt back (a late or repeated answer).
      const current = await repo.findAttempt(attempt.id);
      if (current?.state === 'succeeded') return succeeded(current);
      await repo.updateAttempt(attempt.id, {
        state: 'failed',
        failureMessage: message,
        providerPaymentId: payment.id || current?.providerPaymentId || null,
        lockedUntil: null,
      });
      // The credit held for it is the company's again.
      if (attempt.creditEntryId)
        await deps.repos.accountCredit.returnHoldById(attempt.creditEntryId);
      throw declined(message);
    }
  }
}

/** POST /api/payments/confirm: the customer completed 3-D Secure in the page. */
export async function confirmPayment(
  deps: CheckoutDeps,
  userId: string,
  paymentIntentId: string,
): Promise<HandlePaymentResponse> {
  const repo = deps.repos.payments;
  const attempt = await repo.findAttemptByProviderPayment(deps.provider.name, paymentIntentId);
  if (!attempt || attempt.userId !== userId) throw notFound('Payment not found');
  if (attempt.state === 'succeeded') return succeeded(attempt);
  if (attempt.state === 'failed') {
    throw declined(attempt.failureMessage ?? 'The payment was not completed.');
  }
  const payment = await deps.provider.retrievePayment(paymentIntentId).catch((error: unknown) => {
    throw error instanceof ProviderUnavailableError ? providerDown() : error;
  });
  if (payment.status === 'requires_action') {
    throw conflict(
      'The payment has not been confirmed yet. Please complete the check with your bank.',
    );
  }
  return settle(deps, attempt, payment);
}

/**
 * A customer who starts paying again (another card, after closing the bank's window) replaces
 * their own attempts at the same order still waiting on a bank check: those are cancelled with
 * the provider first, so finishing an old check later cannot charge twice. One that turns out
 * paid meanwhile is completed, and the new payment is refused.
 */
async function replaceWaitingAttempts(
  deps: CheckoutDeps,
  userId: string,
  order: { quoteId: string | null; serviceId: string | null },
  idempotencyKey: string,
) {
  const waiting = await deps.repos.payments.listWaitingAttemptsOfUser(userId);
  for (const attempt of waiting) {
    if (attempt.idempotencyKey === idempotencyKey) continue;
    const earlier = attempt.order;
    const sameOrder = order.quoteId
      ? earlier.quoteId === order.quoteId
      : !earlier.quoteId && earlier.serviceId === order.serviceId;
    if (!sameOrder) continue;
    if ((await expireWaitingAttempt(deps, attempt, REPLACED_MESSAGE)) === 'succeeded') {
      throw conflict(
        order.quoteId
          ? 'This quote has already been paid.'
          : 'Your earlier payment for this order went through after all: see your projects.',
      );
    }
  }
}

/**
 * Ends an attempt waiting on the customer's bank check: the payment is cancelled with the
 * provider, and the attempt fails with `message`. When the provider says it was paid just
 * before, the order is completed instead. Safe to run twice, in any process.
 */
export async function expireWaitingAttempt(
  deps: CheckoutDeps,
  attempt: AttemptRow,
  message: string,
): Promise<'succeeded' | 'cancelled'> {
  const payment = attempt.providerPaymentId
    ? await deps.provider.cancelPayment(attempt.providerPaymentId).catch((error: unknown) => {
        throw error instanceof ProviderUnavailableError ? providerDown() : error;
      })
    : null;
  if (payment?.status === 'succeeded') {
    await completeOrder(deps, attempt.id, payment);
    return 'succeeded';
  }
  await deps.repos.payments.failWaitingAttempt(attempt.id, message);
  if (attempt.creditEntryId) await deps.repos.accountCredit.returnHoldById(attempt.creditEntryId);
  deps.log.info(
    { attemptId: attempt.id, userId: attempt.userId, event: 'payment_attempt_cancelled' },
    'waiting payment cancelled',
  );
  return 'cancelled';
}
