import type { RecurringInterval } from '@noise/shared/intervals';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RefundReason, RefundStatus } from '@noise/shared/order-money';
import type { PackageType } from '@noise/shared/pricing';
import { id, createdAt, updatedAt } from './columns.ts';
import { bills } from './bills.ts';
import { companies } from './companies.ts';
import { projects, type ProjectType } from './projects.ts';
import { customQuotes } from './quotes.ts';
import { users } from './users.ts';

/**
 * The checkout and the money: payments, refunds, payment attempts, subscriptions and the
 * providers' webhook events already handled (modules/payments).
 */

export type PaymentKind = 'order' | 'renewal' | 'balance' | 'bill' | 'plan_change';
export interface PaymentLineItem {
  description: string;
  amountCents: number;
}

export const payments = pgTable(
  'payments',
  {
    id: id(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key'),
    /**
     * 'order' (first charge of an order or quote, or a quote's deposit), 'renewal' (a
     * subscription period), 'balance' (the rest of a quote after its deposit) or 'plan_change'
     * (the prorated rest of a period after an upgrade, docs/decisions/100).
     */
    kind: text('kind').$type<PaymentKind>().notNull().default('order'),
    /** What the tax invoice lists: amounts before GST, in cents. */
    lineItems: jsonb('line_items').$type<PaymentLineItem[]>().notNull().default([]),
    subscriptionId: text('subscription_id'),
    /**
     * A staff invoice this pays (kind 'bill', docs/decisions/093): by card ('sandbox', 'stripe'),
     * or marked by staff ('bank_transfer', 'cash', with the day it was received and the payer's
     * reference). Account credit would be one more provider.
     */
    billId: text('bill_id').references(() => bills.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    recordedById: text('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The part of `amountCents` the company's account credit paid (docs/decisions/107); the rest
     * went to the provider. A payment wholly paid by credit has provider 'account_credit'.
     */
    creditCents: integer('credit_cents').notNull().default(0),
    creditEntryId: text('credit_entry_id').references((): AnyPgColumn => accountCreditEntries.id, {
      onDelete: 'restrict',
    }),
    /** Tax invoice number: one sequence, never reused. */
    invoiceNumber: integer('invoice_number').generatedAlwaysAsIdentity({ startWith: 1001 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('payments_transaction_unique').on(t.provider, t.transactionId),
    index('payments_project_idx').on(t.projectId),
    index('payments_bill_idx').on(t.billId),
    // The credit entry a payment spent: Billing's credit list and the sweep of unsettled holds.
    index('payments_credit_entry_idx')
      .on(t.creditEntryId)
      .where(sql`${t.creditEntryId} is not null`),
    // Revenue (overview, reports): succeeded payments in a time range.
    index('payments_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Money given back against a payment (docs/decisions/068-refunds.md). A payment is never edited:
 * its refunds are rows of their own, and what is left of it is its amount less theirs. A refund
 * starts 'pending' when the provider's answer is not known yet (a timeout) and settles once to
 * 'succeeded' or 'failed'; its amount never changes.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** The provider's refund id, once it answered (Stripe's re_..., the sandbox's). */
    providerRefundId: text('provider_refund_id'),
    /** One refund per key, here and at the provider: a double click makes one. */
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    note: text('note').notNull().default(''),
    failureMessage: text('failure_message'),
    /** Who refunded it; null for a refund made in the provider's own dashboard. */
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Adjustment note number: one sequence of its own, never reused. */
    noteNumber: integer('note_number').generatedAlwaysAsIdentity({ startWith: 1 }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_unique').on(t.provider, t.providerRefundId),
    index('refunds_payment_idx').on(t.paymentId),
    // Reporting: refunds that went through in a time range.
    index('refunds_status_created_idx').on(t.status, t.createdAt),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type PaymentAttemptState =
  | 'processing'
  | 'requires_action'
  | 'succeeded'
  | 'failed'
  /** The provider could not be reached: retrying with the same key is safe. */
  | 'error';

/**
 * An order priced from the database: what is charged now and what the project copies. Stored
 * on the payment attempt as it was at checkout, so a later catalogue edit changes nothing.
 */
export interface PricedOrder {
  type: 'normal' | 'customQuote';
  projectType: ProjectType;
  serviceId: string | null;
  quoteId: string | null;
  /** Null: the buyer asked us to assign one; it is picked when the order completes. */
  coordinatorId: string | null;
  service: { title: string; description: string; featurePhoto: string };
  package: {
    title: string;
    type: PackageType;
    priceSuffix: string;
    features: string[];
    baseCostCents: number;
    recurringCostCents: number;
    /** A request plan's limits (docs/decisions/091); absent on attempts priced before them. */
    activeRequestLimit?: number | null;
    requestsPerPeriod?: number | null;
  };
  extras: { title: string; description: string; priceCents: number }[];
  /** Display total before GST (docs/product.md#prices-and-totals). */
  totalPriceCents: number;
  oneTimeTotalWithGstCents: number;
  recurringTotalWithGstCents: number;
  /** Charged now, GST included: one-time part plus the first recurring period. */
  amountCents: number;
  gstCents: number;
  lineItems: PaymentLineItem[];
  contact: {
    firstName: string;
    lastName: string;
    companyName: string;
    contactNumber: string;
    emailAddress: string;
  };
  /** Profile fields that were empty and are filled from the checkout form. */
  fillProfile: { companyName?: string; contactNumber?: string };
  /** A discount code the order used (docs/decisions/069-discount-codes.md); absent: none. */
  discount?: {
    codeId: string;
    code: string;
    /** Before GST: off the first payment, and off each renewal. */
    discountCents: number;
    recurringDiscountCents: number;
    /** The code's limits when it was priced; none: its uses need not be counted. */
    maxUses: number | null;
    maxUsesPerCustomer: number | null;
  };
  /**
   * A quote paid in two parts (docs/decisions/070-quote-deposits.md): 'deposit' charges its
   * deposit and starts the project (`depositWithGstCents` is copied to it); 'balance' charges
   * the rest on the project its deposit made. Absent: the whole order at once.
   */
  quotePart?:
    { kind: 'deposit'; depositWithGstCents: number } | { kind: 'balance'; projectId: string };
  /** A staff invoice paid by card (docs/decisions/093): no project is made of it. */
  bill?: { billId: string; number: string };
}

/**
 * One checkout submission, recorded before the provider is called. The idempotency key is unique,
 * so a double click, retry or reload finds the same row and never charges twice.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'quoteBalance' pays the rest of a quote whose deposit made its project. */
    type: text('type').$type<'normal' | 'customQuote' | 'quoteBalance' | 'bill'>().notNull(),
    state: text('state').$type<PaymentAttemptState>().notNull().default('processing'),
    /** A hash of the request: the same key with a different order is refused. */
    requestHash: text('request_hash').notNull(),
    /** The order as priced from the database (see modules/payments/order.ts). */
    order: jsonb('order').$type<PricedOrder>().notNull(),
    quoteId: text('quote_id').references(() => customQuotes.id, { onDelete: 'set null' }),
    /** A staff invoice paid by card (type 'bill'): one live or done attempt per bill at a time. */
    billId: text('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    failureMessage: text('failure_message'),
    /** While processing: another request may take the attempt over after this (a crashed process). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** While requires_action: when the wait for the customer's bank check ends (it is cancelled). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * A guest paid with the email of an existing account (docs/decisions/043): the order waits
     * for that account's owner, and the account's saved card and provider customer are not used.
     */
    heldForOwner: boolean('held_for_owner').notNull().default(false),
    /**
     * The part of `amountCents` the company's account credit pays (docs/decisions/107), held for
     * this attempt before the card is asked for the rest; the hold's entry, to give it back.
     */
    creditCents: integer('credit_cents').notNull().default(0),
    creditEntryId: text('credit_entry_id').references((): AnyPgColumn => accountCreditEntries.id, {
      onDelete: 'restrict',
    }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    paymentId: text('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_key_unique').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_provider_payment_unique').on(t.provider, t.providerPaymentId),
    // A quote (and its balance) is paid once: one attempt on each may be live or done at a time.
    uniqueIndex('payment_attempts_live_quote_unique')
      .on(t.quoteId, t.type)
      .where(sql`${t.state} in ('processing', 'requires_action', 'succeeded')`),
    uniqueIndex('payment_attempts_live_bill_unique')
      .on(t.billId)
      .where(sql`${t.state} in ('processing', 'requires_action', 'succeeded')`),
    index('payment_attempts_user_idx').on(t.userId, t.createdAt),
    index('payment_attempts_credit_entry_idx')
      .on(t.creditEntryId)
      .where(sql`${t.creditEntryId} is not null`),
    index('payment_attempts_waiting_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'requires_action'`),
  ],
);

export type SubscriptionInterval = RecurringInterval;
export type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'cancelled';

/**
 * A move to a cheaper package, waiting for the next renewal (docs/decisions/100): the package as
 * it was when asked for (the catalogue may change meanwhile) and the charge it will make.
 */
export interface PendingPlanChange {
  packageId: string;
  package: {
    title: string;
    priceSuffix: string;
    features: string[];
    recurringCostCents: number;
    activeRequestLimit: number | null;
    requestsPerPeriod: number | null;
  };
  /** Each period's charge from the renewal on, GST included, and its GST. */
  amountCents: number;
  gstCents: number;
  /** The renewal it takes effect at: the next charge when it was asked for (ISO 8601). */
  effectiveAt: string;
  requestedById: string;
  requestedAt: string;
}

/** The recurring part of a recurring package (weekly… yearly), charged to the saved payment method. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    /** Each period's charge, GST included. */
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').$type<SubscriptionInterval>().notNull(),
    /** The start of the next unpaid period. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }).notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** Declined renewals of the current period. */
    failureCount: integer('failure_count').notNull().default(0),
    lastFailureMessage: text('last_failure_message'),
    /** The last decline of the current period, and when the next try is (none once past due). */
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    /**
     * Paused (docs/decisions/106): since when, and the business day it resumes on by itself (null:
     * until someone resumes it); whether the pause put its project on hold, to take it off again.
     */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedUntil: date('paused_until', { mode: 'string' }),
    pauseHeldProject: boolean('pause_held_project').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledById: text('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** A downgrade the next renewal applies; null: none (docs/decisions/100). */
    pendingChange: jsonb('pending_change').$type<PendingPlanChange>(),
    /**
     * While an upgrade's prorated charge is with the provider: another plan change waits until
     * then (or until this passes, after a crash) and is refused meanwhile.
     */
    planChangeLockedUntil: timestamp('plan_change_locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_project_unique').on(t.projectId),
    index('subscriptions_due_idx').on(t.status, t.nextChargeAt),
  ],
);

export type CreditEntryKind = 'refund' | 'spent' | 'returned' | 'added' | 'removed';

/**
 * A company's account credit (docs/decisions/107): an append-only ledger whose sum is the balance,
 * never below zero (each entry that takes credit is written under the company's lock). 'refund':
 * a refund given as credit (its refund row names it); 'spent': credit held for a charge (its
 * `holdKey` is the charge's key, and the payment it paid names this row in `credit_entry_id`);
 * 'returned': a hold given back because the card part of the charge was declined; 'added' and
 * 'removed': staff, with a reason.
 */
export const accountCreditEntries = pgTable(
  'account_credit_entries',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind').$type<CreditEntryKind>().notNull(),
    refundId: text('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    holdKey: text('hold_key'),
    note: text('note').notNull().default(''),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_credit_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('account_credit_refund_unique').on(t.refundId),
    uniqueIndex('account_credit_hold_unique').on(t.kind, t.holdKey),
    check('account_credit_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

export type SubscriptionChangeKind =
  'started' | 'upgraded' | 'downgraded' | 'paused' | 'resumed' | 'cancelled';

/**
 * Every change to what a subscription brings in, as it happened (append-only, docs/decisions/108):
 * Reporting's new, expansion, contraction, churned, paused and resumed movements are sums over it.
 * Amounts are the plan's part of the live recurring figure, per period, GST included, before and
 * after the change: 'started' from 0, 'cancelled' to 0, 'paused' to 0 and 'resumed' from 0 (a
 * paused plan brings nothing in); the sum of after - before up to a moment is the live figure then.
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: id(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubscriptionChangeKind>().notNull(),
    interval: text('interval').$type<SubscriptionInterval>().notNull(),
    currency: text('currency').notNull(),
    beforeCents: integer('before_cents').notNull(),
    afterCents: integer('after_cents').notNull(),
    beforeGstCents: integer('before_gst_cents').notNull(),
    afterGstCents: integer('after_gst_cents').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_changes_at_idx').on(t.at),
    index('subscription_changes_subscription_idx').on(t.subscriptionId, t.at),
  ],
);

/** Provider webhook events already handled (a provider retries, and may send one event twice). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// Plan rollups (docs/decisions/109-plan-rollups.md): what Reporting's recurring figures sum,
// kept by triggers on `subscriptions` (migration 0053) in the transaction of every change, so the
// report reads a few hundred rows however many plans there are. No code writes them.

const rollupCents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Plans by interval and status: how many, and their per-period amounts and GST. */
export const planTotals = pgTable(
  'plan_totals',
  {
    interval: text('interval').$type<SubscriptionInterval>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    plans: integer('plans').notNull().default(0),
    cents: rollupCents('cents'),
    gstCents: rollupCents('gst_cents'),
  },
  (t) => [primaryKey({ columns: [t.interval, t.status] })],
);

/**
 * Active plans by the UTC hour of their next charge: how many, and what that charge will be (a
 * downgrade waiting for the renewal at its new amount).
 */
export const planRenewalHours = pgTable('plan_renewal_hours', {
  startsAt: timestamp('starts_at', { withTimezone: true }).primaryKey(),
  plans: integer('plans').notNull().default(0),
  cents: rollupCents('cents'),
});
