import type { PayBillResponse } from '@noise/shared/bills';
import { fullNameOf } from '@noise/shared/display-name';
import type { HandlePaymentResponse } from '@noise/shared/payments';
import { isUniqueViolation } from '../../lib/error-codes.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  ACTION_EXPIRED_MESSAGE,
  confirmPayment,
  declined,
  expireWaitingAttempt,
  settle,
  type CheckoutDeps,
} from './handle-payment.ts';
import { ProviderUnavailableError } from './providers/provider.ts';
import type { AttemptRow, PaymentLineItem, PricedOrder } from './repository.ts';

/** A staff invoice's charge as the bills module works it out from its lines and payments. */
export interface BillCharge {
  billId: string;
  /** 'B-0007' */
  number: string;
  customerId: string;
  /** What is left to pay, GST included, and its GST. */
  amountCents: number;
  gstCents: number;
  subtotalCents: number;
  lineItems: PaymentLineItem[];
  contact: PricedOrder['contact'];
}

const ALREADY_PAID = 'This invoice has already been paid.';
const IN_PROGRESS =
  'A payment of this invoice is already in progress. If it was abandoned, it is cancelled within 15 minutes: please try again then.';

const providerDown = () =>
  conflict(
    'We could not reach the payment provider. You have not been charged twice: please try again.',
  );

/** The checkout's answer as the pay page reads it. */
function answerOf(result: HandlePaymentResponse): PayBillResponse {
  if (result.success) return { status: 'paid' };
  return {
    status: 'requires_action',
    clientSecret: result.clientSecret,
    paymentIntentId: result.paymentIntentId,
  };
}

/** The attempt's order: the invoice, as what the charge is for; no project is made of it. */
function orderOf(charge: BillCharge): PricedOrder {
  return {
    type: 'normal',
    projectType: 'Project',
    serviceId: null,
    quoteId: null,
    coordinatorId: null,
    service: { title: `Invoice ${charge.number}`, description: '', featurePhoto: '' },
    package: {
      title: '',
      type: 'one-time',
      priceSuffix: '',
      features: [],
      baseCostCents: charge.subtotalCents,
      recurringCostCents: 0,
    },
    extras: [],
    totalPriceCents: charge.subtotalCents,
    oneTimeTotalWithGstCents: charge.amountCents,
    recurringTotalWithGstCents: 0,
    amountCents: charge.amountCents,
    gstCents: charge.gstCents,
    lineItems: charge.lineItems,
    contact: charge.contact,
    fillProfile: {},
    bill: { billId: charge.billId, number: charge.number },
  };
}

/**
 * Pays a staff invoice by card from its pay link (docs/decisions/093): the checkout's attempt,
 * provider call and 3-D Secure handling, with the invoice's customer as the payer. One payment
 * per invoice may be under way or done (a unique index); the same idempotency key answers what
 * its attempt answered.
 */
export async function payBillByCard(
  deps: CheckoutDeps,
  charge: BillCharge,
  paymentMethodId: string,
  idempotencyKey: string,
): Promise<PayBillResponse> {
  const repo = deps.repos.payments;
  const existing = await repo.findAttemptByKey(idempotencyKey);
  if (existing) {
    if (existing.billId !== charge.billId) {
      throw conflict('This idempotency key belongs to another payment. Please start again.');
    }
    return answerOf(await answerAttempt(deps, existing));
  }
  let live = await repo.findLiveBillAttempt(charge.billId);
  if (live?.state === 'requires_action' && live.expiresAt && live.expiresAt <= new Date()) {
    await expireWaitingAttempt(deps, live, ACTION_EXPIRED_MESSAGE);
    live = await repo.findLiveBillAttempt(charge.billId);
  }
  if (live) throw conflict(live.state === 'succeeded' ? ALREADY_PAID : IN_PROGRESS);

  const user = await deps.repos.users.findById(charge.customerId);
  if (!user) throw notFound('Invoice not found');
  let attempt: AttemptRow | undefined;
  try {
    attempt = await repo.insertAttempt({
      idempotencyKey,
      userId: user.id,
      type: 'bill',
      state: 'processing',
      requestHash: `bill:${charge.billId}:${charge.amountCents}`,
      order: orderOf(charge),
      billId: charge.billId,
      amountCents: charge.amountCents,
      gstCents: charge.gstCents,
      currency: deps.currency,
      provider: deps.provider.name,
      paymentMethodId,
      lockedUntil: new Date(Date.now() + 2 * 60_000),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(IN_PROGRESS);
    throw error;
  }
  if (!attempt) throw conflict(IN_PROGRESS);

  let payment;
  try {
    // The invoice's customer pays as themselves at the provider (their saved customer, or a
    // new one remembered on the account); the card is not saved as their default.
    const customerId = await deps.provider.ensureCustomer({
      existingId: user.paymentCustomerId,
      email: user.email,
      name: fullNameOf(user) || user.email,
      userId: user.id,
    });
    if (customerId !== user.paymentCustomerId) {
      await deps.repos.users.update(user.id, { paymentCustomerId: customerId });
    }
    await repo.updateAttempt(attempt.id, { providerCustomerId: customerId });
    attempt = { ...attempt, providerCustomerId: customerId };
    payment = await deps.provider.createPayment({
      customerId,
      paymentMethodId,
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      idempotencyKey,
      description: `${deps.companyName}: invoice ${charge.number}`,
      metadata: { kind: 'checkout', attemptId: attempt.id, userId: user.id },
      offSession: false,
    });
  } catch (error) {
    // The outcome is unknown: the attempt is failed only once the provider says so.
    await repo.updateAttempt(attempt.id, { state: 'error', lockedUntil: null });
    if (error instanceof ProviderUnavailableError) throw providerDown();
    throw error;
  }
  return answerOf(await settle(deps, attempt, payment));
}

async function answerAttempt(deps: CheckoutDeps, attempt: AttemptRow) {
  switch (attempt.state) {
    case 'succeeded':
      return { success: true } as HandlePaymentResponse;
    case 'failed':
      throw declined(attempt.failureMessage ?? 'The payment was not completed.');
    case 'requires_action': {
      const payment = await deps.provider
        .retrievePayment(attempt.providerPaymentId!)
        .catch((error: unknown) => {
          throw error instanceof ProviderUnavailableError ? providerDown() : error;
        });
      return settle(deps, attempt, payment);
    }
    default:
      throw conflict(
        'This payment is already being processed. Please wait a moment, then open the invoice again.',
      );
  }
}

/** After the bank's check on the pay page: the attempt of this invoice's payment finishes. */
export async function confirmBillPayment(
  deps: CheckoutDeps,
  billId: string,
  paymentIntentId: string,
): Promise<PayBillResponse> {
  const attempt = await deps.repos.payments.findAttemptByProviderPayment(
    deps.provider.name,
    paymentIntentId,
  );
  if (!attempt || attempt.billId !== billId) throw notFound('Payment not found');
  return answerOf(await confirmPayment(deps, attempt.userId, paymentIntentId));
}
