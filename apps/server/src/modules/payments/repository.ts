import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import {
  paymentAttempts,
  payments,
  refunds,
  subscriptionChanges,
  subscriptions,
  users,
  webhookEvents,
  type SubscriptionChangeKind,
} from '../../db/schema.ts';

export type { PaymentLineItem, PendingPlanChange, PricedOrder } from '../../db/schema.ts';
import type { PendingPlanChange } from '../../db/schema.ts';
export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type NewAttempt = typeof paymentAttempts.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

/**
 * A subscription a plan change may take: active, no change waiting, and not held by another
 * change (a hold past its time has lapsed).
 */
const free = (id: string) =>
  and(
    eq(subscriptions.id, id),
    eq(subscriptions.status, 'active'),
    isNull(subscriptions.pendingChange),
    or(
      isNull(subscriptions.planChangeLockedUntil),
      sql`${subscriptions.planChangeLockedUntil} < now()`,
    ),
  );

/** A plan's part of the live recurring figure: nothing while paused or once cancelled. */
function liveShare(row: SubscriptionRow) {
  const live = row.status === 'active' || row.status === 'past_due';
  return { cents: live ? row.amountCents : 0, gstCents: live ? row.gstCents : 0 };
}

/** What a change to a subscription was, for the change log; null: nothing Reporting counts. */
function changeKind(
  before: SubscriptionRow,
  after: SubscriptionRow,
): SubscriptionChangeKind | null {
  if (after.status === 'cancelled') return before.status === 'cancelled' ? null : 'cancelled';
  if (after.status === 'paused') return before.status === 'paused' ? null : 'paused';
  if (before.status === 'paused') return 'resumed';
  if (after.amountCents === before.amountCents) return null;
  return after.amountCents > before.amountCents ? 'upgraded' : 'downgraded';
}

/** The change log's row for a subscription going from `before` (none: new) to `after`. */
function changeRow(
  kind: SubscriptionChangeKind,
  before: SubscriptionRow | null,
  after: SubscriptionRow,
) {
  const from = before ? liveShare(before) : { cents: 0, gstCents: 0 };
  const to = liveShare(after);
  return {
    subscriptionId: after.id,
    kind,
    interval: after.interval,
    currency: after.currency,
    beforeCents: from.cents,
    afterCents: to.cents,
    beforeGstCents: from.gstCents,
    afterGstCents: to.gstCents,
    at: new Date(),
  };
}

/** Ends a waiting plan change, applying its charge or not (`endPendingPlanChange`). */
async function endPending(tx: Db, id: string, apply: boolean) {
  const [row] = await tx
    .update(subscriptions)
    .set({
      pendingChange: null,
      ...(apply
        ? {
            amountCents: sql`(${subscriptions.pendingChange} ->> 'amountCents')::int`,
            gstCents: sql`(${subscriptions.pendingChange} ->> 'gstCents')::int`,
          }
        : {}),
    })
    .where(and(eq(subscriptions.id, id), isNotNull(subscriptions.pendingChange)))
    .returning();
  return row;
}

/**
 * The checkout's first reads, built once per database handle and prepared by name
 * (docs/decisions/113, 116): every order looks for its key's attempt and the buyer's attempts
 * waiting on a bank check before it records its own.
 */
function attemptQueries(db: Db) {
  return {
    byKey: db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, sql.placeholder('key')))
      .limit(1)
      .prepare('payment_attempt_by_key'),
    waitingOfUser: db
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.userId, sql.placeholder('userId')),
          eq(paymentAttempts.state, 'requires_action'),
        ),
      )
      .limit(20)
      .prepare('payment_attempts_waiting_of_user'),
  };
}

/** Payment attempts, payments, subscriptions and seen webhook events. */
export function createPaymentRepository(db: Db) {
  let prepared: ReturnType<typeof attemptQueries> | undefined;
  const attempts = () => (prepared ??= attemptQueries(db));
  /**
   * Changes a subscription and logs what the change did to the recurring figures
   * (docs/decisions/108) in one transaction, the row locked between the two reads.
   */
  const logged = (
    id: string,
    apply: (tx: Db) => Promise<SubscriptionRow | undefined>,
  ): Promise<SubscriptionRow | undefined> =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .for('update');
      const after = await apply(tx);
      const kind = before && after ? changeKind(before, after) : null;
      if (kind) await tx.insert(subscriptionChanges).values(changeRow(kind, before!, after!));
      return after;
    });

  return {
    // --- attempts -------------------------------------------------------------------------
    /** Undefined when the idempotency key exists already: the caller then reads that attempt. */
    async insertAttempt(values: NewAttempt): Promise<AttemptRow | undefined> {
      const [row] = await db
        .insert(paymentAttempts)
        .values(values)
        .onConflictDoNothing({ target: paymentAttempts.idempotencyKey })
        .returning();
      return row;
    },

    async findAttemptByKey(key: string): Promise<AttemptRow | undefined> {
      const [row] = await attempts().byKey.execute({ key });
      return row;
    },

    async findAttempt(id: string, options: { forUpdate?: boolean } = {}) {
      const query = db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async findAttemptByProviderPayment(
      provider: string,
      providerPaymentId: string,
    ): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.provider, provider),
            eq(paymentAttempts.providerPaymentId, providerPaymentId),
          ),
        )
        .limit(1);
      return row;
    },

    async updateAttempt(id: string, values: Partial<NewAttempt>): Promise<AttemptRow | undefined> {
      const [row] = await db
        .update(paymentAttempts)
        .set(values)
        .where(eq(paymentAttempts.id, id))
        .returning();
      return row;
    },

    /**
     * Takes over an attempt whose provider call failed (state error) or whose process died
     * (processing with a passed lock). Only one caller wins.
     */
    async reclaimAttempt(id: string, lockMs: number): Promise<AttemptRow | undefined> {
      const [row] = await db
        .update(paymentAttempts)
        .set({ state: 'processing', lockedUntil: new Date(Date.now() + lockMs) })
        .where(
          and(
            eq(paymentAttempts.id, id),
            sql`(${paymentAttempts.state} = 'error' or (${paymentAttempts.state} = 'processing' and ${paymentAttempts.lockedUntil} < now()))`,
          ),
        )
        .returning();
      return row;
    },

    /** Attempts whose wait for the customer's bank check has ended, oldest first. */
    async listExpiredWaitingAttempts(now: Date, limit: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(
          and(eq(paymentAttempts.state, 'requires_action'), lte(paymentAttempts.expiresAt, now)),
        )
        .orderBy(asc(paymentAttempts.expiresAt))
        .limit(limit);
    },

    /** The user's other attempts still waiting on a bank check. */
    async listWaitingAttemptsOfUser(userId: string): Promise<AttemptRow[]> {
      return attempts().waitingOfUser.execute({ userId });
    },

    /** Moves a waiting attempt to failed; undefined when it is no longer waiting. */
    async failWaitingAttempt(id: string, failureMessage: string): Promise<AttemptRow | undefined> {
      const [row] = await db
        .update(paymentAttempts)
        .set({ state: 'failed', failureMessage, expiresAt: null })
        .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.state, 'requires_action')))
        .returning();
      return row;
    },

    /**
     * A live or paid attempt on this quote, or on its balance (`quoteBalance`): its partial
     * unique index allows one of each.
     */
    /** A staff invoice's card payment under way or done (docs/decisions/093), if any. */
    async findLiveBillAttempt(billId: string): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.billId, billId),
            inArray(paymentAttempts.state, ['processing', 'requires_action', 'succeeded']),
          ),
        )
        .limit(1);
      return row;
    },

    async findLiveQuoteAttempt(
      quoteId: string,
      type: AttemptRow['type'],
    ): Promise<AttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.quoteId, quoteId),
            eq(paymentAttempts.type, type),
            inArray(paymentAttempts.state, ['processing', 'requires_action', 'succeeded']),
          ),
        )
        .limit(1);
      return row;
    },

    // --- payments -------------------------------------------------------------------------
    /**
     * The charge a checkout attempt made, as a succeeded payment of the order's line items;
     * its idempotency key is the attempt's, so it is recorded once (a second time throws).
     */
    async insertAttemptPayment(
      attempt: AttemptRow,
      transactionId: string,
      values: Pick<NewPayment, 'projectId' | 'kind' | 'subscriptionId'> &
        Partial<Pick<NewPayment, 'billId' | 'receivedAt'>>,
    ): Promise<PaymentRow> {
      const [row] = await db
        .insert(payments)
        .values({
          ...values,
          userId: attempt.userId,
          provider: attempt.provider,
          transactionId,
          amountCents: attempt.amountCents,
          gstCents: attempt.gstCents,
          // What the company's account credit paid of it (docs/decisions/107).
          creditCents: attempt.creditCents,
          creditEntryId: attempt.creditEntryId,
          currency: attempt.currency,
          status: 'succeeded',
          idempotencyKey: attempt.idempotencyKey,
          lineItems: attempt.order.lineItems,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new Error(`Payment for attempt ${attempt.id} recorded twice`);
      return row;
    },

    /** Undefined when a payment with this idempotency key was recorded already. */
    async insertPayment(values: NewPayment): Promise<PaymentRow | undefined> {
      const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
      return row;
    },

    async findPayment(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    /** The payment a provider's payment id (a Stripe PaymentIntent) was recorded as. */
    async findPaymentByTransaction(
      provider: string,
      transactionId: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.transactionId, transactionId)))
        .limit(1);
      return row;
    },

    async listPaymentsOfProject(projectId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(eq(payments.projectId, projectId))
        .orderBy(asc(payments.createdAt));
    },

    /** The payments of many projects, newest first (the customer's Billing page). */
    async listPaymentsOfProjects(projectIds: readonly string[]): Promise<PaymentRow[]> {
      if (!projectIds.length) return [];
      return db
        .select()
        .from(payments)
        .where(anyOf(payments.projectId, [...projectIds]))
        .orderBy(desc(payments.createdAt), desc(payments.id));
    },

    /** Of these projects, those whose recurring plan was cancelled. */
    async cancelledPlansOf(projectIds: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < projectIds.length; i += 5000) {
        const rows = await db
          .select({ projectId: subscriptions.projectId })
          .from(subscriptions)
          .where(
            and(
              anyOf(subscriptions.projectId, projectIds.slice(i, i + 5000)),
              eq(subscriptions.status, 'cancelled'),
            ),
          );
        for (const row of rows) found.add(row.projectId);
      }
      return found;
    },

    /** The subscriptions of many projects (the customer's Billing page). */
    async listSubscriptionsOfProjects(projectIds: readonly string[]): Promise<SubscriptionRow[]> {
      if (!projectIds.length) return [];
      return db
        .select()
        .from(subscriptions)
        .where(anyOf(subscriptions.projectId, [...projectIds]))
        .orderBy(desc(subscriptions.createdAt));
    },

    /**
     * The payments of many projects and their refunds, only what an order's figures need
     * (order-money.ts), a few thousand projects a query: the sales CSV reads up to 50,000.
     */
    async loadMoneyRecords(projectIds: readonly string[]) {
      const found: {
        projectId: string;
        payment: Pick<
          typeof payments.$inferSelect,
          'id' | 'kind' | 'amountCents' | 'gstCents' | 'status'
        >;
        refunds: Pick<typeof refunds.$inferSelect, 'amountCents' | 'gstCents' | 'status'>[];
      }[] = [];
      for (let i = 0; i < projectIds.length; i += 5000) {
        const ids = projectIds.slice(i, i + 5000);
        // One query: each payment with its refunds (none: one row with an empty refund).
        const rows = await db
          .select({
            projectId: payments.projectId,
            id: payments.id,
            kind: payments.kind,
            amountCents: payments.amountCents,
            gstCents: payments.gstCents,
            status: payments.status,
            refund: {
              amountCents: refunds.amountCents,
              gstCents: refunds.gstCents,
              status: refunds.status,
            },
          })
          .from(payments)
          .leftJoin(refunds, eq(refunds.paymentId, payments.id))
          .where(anyOf(payments.projectId, ids))
          .orderBy(asc(payments.createdAt), asc(payments.id));
        for (const { projectId, refund, ...payment } of rows) {
          const last = found.at(-1);
          const entry =
            last?.payment.id === payment.id
              ? last
              : found[found.push({ projectId: projectId!, payment, refunds: [] }) - 1]!;
          if (refund) entry.refunds.push(refund);
        }
      }
      return found;
    },

    async countPaymentsOfUser(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(eq(payments.userId, userId));
      return row?.n ?? 0;
    },

    // --- subscriptions --------------------------------------------------------------------
    async insertSubscription(values: NewSubscription): Promise<SubscriptionRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(subscriptions).values(values).returning();
        await tx.insert(subscriptionChanges).values(changeRow('started', null, row!));
        return row!;
      });
    },

    /**
     * A card becomes the user's default, with the provider's customer it belongs to: on the user
     * and on their live subscriptions, together.
     */
    async useCardByDefault(
      userId: string,
      providerCustomerId: string,
      paymentMethodId: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ paymentCustomerId: providerCustomerId, defaultPaymentMethodId: paymentMethodId })
          .where(eq(users.id, userId));
        await tx
          .update(subscriptions)
          .set({ paymentMethodId, providerCustomerId })
          .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'cancelled')));
      });
    },

    /**
     * When the subscription took the package it is on: its start, or the last change of package
     * (an upgrade, or a downgrade its renewal took up), from the change log.
     */
    async packageSince(subscription: Pick<SubscriptionRow, 'id' | 'createdAt'>): Promise<Date> {
      const [row] = await db
        .select({ at: subscriptionChanges.at })
        .from(subscriptionChanges)
        .where(
          and(
            eq(subscriptionChanges.subscriptionId, subscription.id),
            inArray(subscriptionChanges.kind, ['started', 'upgraded', 'downgraded']),
          ),
        )
        .orderBy(desc(subscriptionChanges.at))
        .limit(1);
      return row?.at ?? subscription.createdAt;
    },

    async findSubscription(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
      return row;
    },

    async findSubscriptionOfProject(projectId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.projectId, projectId))
        .limit(1);
      return row;
    },

    async listDueSubscriptions(now: Date, limit = 100): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.nextChargeAt, now)))
        .orderBy(asc(subscriptions.nextChargeAt))
        .limit(limit);
    },

    /**
     * Moves a subscription on from `period` to `next`; undefined when another worker (or a
     * cancellation) changed it first.
     */
    async advanceSubscription(
      id: string,
      period: Date,
      next: Date,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(subscriptions)
        .set({
          nextChargeAt: next,
          failureCount: 0,
          lastFailureMessage: null,
          lastFailureAt: null,
          nextRetryAt: null,
        })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.nextChargeAt, period),
            eq(subscriptions.status, 'active'),
          ),
        )
        .returning();
      return row;
    },

    /** A declined renewal; `retryAt` null: no more tries, the subscription is past due. */
    async recordRenewalFailure(
      id: string,
      period: Date,
      failure: { message: string; at: Date; retryAt: Date | null },
      maxFailures: number,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(subscriptions)
        .set({
          failureCount: sql`${subscriptions.failureCount} + 1`,
          lastFailureMessage: failure.message,
          lastFailureAt: failure.at,
          nextRetryAt: failure.retryAt,
          status: sql`case when ${subscriptions.failureCount} + 1 >= ${maxFailures} then 'past_due' else ${subscriptions.status} end`,
        })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.nextChargeAt, period),
            eq(subscriptions.status, 'active'),
          ),
        )
        .returning();
      return row;
    },

    /**
     * A new card for a declined period (docs/decisions/105): the subscription is live again and
     * its next try is now. Undefined when it was not waiting on a declined card, or the period
     * was paid meanwhile.
     */
    async retryWithNewCard(
      id: string,
      period: Date,
      at: Date,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(subscriptions)
        .set({ status: 'active', nextRetryAt: at })
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.nextChargeAt, period),
            inArray(subscriptions.status, ['active', 'past_due']),
            sql`${subscriptions.failureCount} > 0`,
          ),
        )
        .returning();
      return row;
    },

    /** A subscription's row, locked until the transaction ends (pausing, resuming). */
    async lockSubscription(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .for('update');
      return row;
    },

    async setSubscriptionPause(
      id: string,
      pause: { pausedAt: Date; pausedUntil: string | null; pauseHeldProject: boolean },
    ): Promise<SubscriptionRow> {
      const row = await logged(id, async (tx) => {
        const [updated] = await tx
          .update(subscriptions)
          .set({ status: 'paused', ...pause })
          .where(eq(subscriptions.id, id))
          .returning();
        return updated;
      });
      return row!;
    },

    /** Live again, its next charge moved to `nextChargeAt`. */
    async endSubscriptionPause(id: string, nextChargeAt: Date): Promise<SubscriptionRow> {
      const row = await logged(id, async (tx) => {
        const [updated] = await tx
          .update(subscriptions)
          .set({
            status: 'active',
            nextChargeAt,
            pausedAt: null,
            pausedUntil: null,
            pauseHeldProject: false,
          })
          .where(eq(subscriptions.id, id))
          .returning();
        return updated;
      });
      return row!;
    },

    /** Paused subscriptions whose resume day has come (`day`, the business's calendar). */
    async listPausesEndingBy(day: string, limit = 100): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'paused'), lte(subscriptions.pausedUntil, day)))
        .orderBy(asc(subscriptions.pausedUntil))
        .limit(limit);
    },

    /** A customer's subscriptions whose period due was declined, live or past due. */
    async listDeclinedSubscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            inArray(subscriptions.status, ['active', 'past_due']),
            sql`${subscriptions.failureCount} > 0`,
          ),
        );
    },

    async cancelSubscription(id: string, byUserId: string): Promise<SubscriptionRow | undefined> {
      return logged(id, async (tx) => {
        const [row] = await tx
          .update(subscriptions)
          .set({ status: 'cancelled', cancelledAt: new Date(), cancelledById: byUserId })
          .where(and(eq(subscriptions.id, id), sql`${subscriptions.status} <> 'cancelled'`))
          .returning();
        return row;
      });
    },

    // --- plan changes (docs/decisions/100) -------------------------------------------------
    /**
     * Takes an active subscription for an upgrade until `until`: undefined when it is cancelled,
     * not active, has a change waiting, or another change holds it (only one caller wins).
     */
    async claimPlanChange(id: string, until: Date): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(subscriptions)
        .set({ planChangeLockedUntil: until })
        .where(free(id))
        .returning();
      return row;
    },

    async releasePlanChange(id: string): Promise<void> {
      await db
        .update(subscriptions)
        .set({ planChangeLockedUntil: null })
        .where(eq(subscriptions.id, id));
    },

    /** The new package's charge per period, from now on; the claim ends with it. */
    async applyPlanChange(
      id: string,
      charge: { amountCents: number; gstCents: number },
    ): Promise<SubscriptionRow | undefined> {
      return logged(id, async (tx) => {
        const [row] = await tx
          .update(subscriptions)
          .set({ ...charge, planChangeLockedUntil: null })
          .where(eq(subscriptions.id, id))
          .returning();
        return row;
      });
    },

    /** A downgrade for the next renewal; undefined under the same conditions as a claim. */
    async schedulePlanChange(
      id: string,
      pending: PendingPlanChange,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .update(subscriptions)
        .set({ pendingChange: pending })
        .where(free(id))
        .returning();
      return row;
    },

    /**
     * Ends a waiting change: 'Cancel change' (`apply` false), or the renewal taking it up with
     * its charge (`apply` true). Undefined when none was waiting.
     */
    async endPendingPlanChange(id: string, apply: boolean): Promise<SubscriptionRow | undefined> {
      return logged(id, (tx) => endPending(tx, id, apply));
    },

    // --- webhooks -------------------------------------------------------------------------
    async hasWebhookEvent(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.id, id))
        .limit(1);
      return Boolean(row);
    },

    async recordWebhookEvent(id: string, provider: string, type: string): Promise<void> {
      await db.insert(webhookEvents).values({ id, provider, type }).onConflictDoNothing();
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
