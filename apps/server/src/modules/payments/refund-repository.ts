import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { cardRefundableCents, refundableCents, refundGstCents } from '@noise/shared/order-money';
import type { Db } from '../../db/client.ts';
import { accountCreditEntries, payments, refunds } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';

export type RefundRow = typeof refunds.$inferSelect;
type NewRefund = Omit<typeof refunds.$inferInsert, 'gstCents' | 'status' | 'currency' | 'provider'>;

/** Why a refund could not be reserved. */
export type RefundRefusal =
  | { refused: 'no_payment' }
  | { refused: 'not_paid' }
  | { refused: 'too_much'; leftCents: number }
  /** Only this much of the payment went through the card; the rest can go back as credit. */
  | { refused: 'credit_part'; cardLeftCents: number };

/**
 * A payment locked for a refund (`FOR UPDATE`, inside the caller's transaction), with its refunds
 * and how much of it is refunded or being refunded: what a new refund's GST is worked out from.
 */
async function lockPayment(tx: Db, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (!payment) return undefined;
  const made = await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id));
  const alreadyCents = made
    .filter((r) => r.status !== 'failed')
    .reduce((sum, r) => sum + r.amountCents, 0);
  /** A refund row's money fields for `amountCents` of this payment. */
  const money = (amountCents: number) => ({
    provider: payment.provider,
    currency: payment.currency,
    gstCents: refundGstCents(payment, alreadyCents, amountCents),
  });
  return { payment, made, money };
}

/** Refunds: money given back against a payment (docs/decisions/068-refunds.md). */
export function createRefundRepository(db: Db) {
  return {
    /**
     * Reserves a refund of a payment as 'pending' before the provider is asked: the payment is
     * locked while what is left of it is worked out, so two refunds at once cannot together
     * exceed it. The same idempotency key answers the refund reserved for it before.
     *
     * Given `toCredit`, the refund is account credit for that company (docs/decisions/107): it
     * goes through at once, with its credit entry in the same transaction. To the card, it can be
     * at most what the card paid: the part account credit paid only goes back as credit.
     */
    async reserve(
      values: NewRefund,
      toCredit?: { companyId: string },
    ): Promise<{ refund: RefundRow; earlier: boolean } | RefundRefusal> {
      return db.transaction(async (tx) => {
        const locked = await lockPayment(tx, values.paymentId);
        const [earlier] = await tx
          .select()
          .from(refunds)
          .where(eq(refunds.idempotencyKey, values.idempotencyKey));
        if (earlier) return { refund: earlier, earlier: true };
        if (!locked) return { refused: 'no_payment' };
        const { payment, made, money } = locked;
        if (payment.status !== 'succeeded') return { refused: 'not_paid' };
        const leftCents = refundableCents({ ...payment, refunds: made });
        if (values.amountCents > leftCents) return { refused: 'too_much', leftCents };
        if (toCredit) {
          const entryId = newId();
          const [refund] = await tx
            .insert(refunds)
            .values({
              ...values,
              ...money(values.amountCents),
              provider: ACCOUNT_CREDIT,
              providerRefundId: entryId,
              status: 'succeeded',
              settledAt: new Date(),
            })
            .returning();
          await tx.insert(accountCreditEntries).values({
            id: entryId,
            companyId: toCredit.companyId,
            amountCents: values.amountCents,
            currency: payment.currency,
            kind: 'refund',
            refundId: refund!.id,
            note: values.note ?? '',
            createdById: values.createdById,
          });
          return { refund: refund!, earlier: false };
        }
        const cardLeftCents = cardRefundableCents({
          ...payment,
          refunds: made.map((r) => ({ ...r, toCredit: r.provider === ACCOUNT_CREDIT })),
        });
        if (values.amountCents > cardLeftCents) return { refused: 'credit_part', cardLeftCents };
        const [refund] = await tx
          .insert(refunds)
          .values({ ...values, ...money(values.amountCents), status: 'pending' })
          .returning();
        return { refund: refund!, earlier: false };
      });
    },

    /**
     * A refund the provider made without us (its own dashboard), recorded once whatever the
     * replays: undefined when it is recorded already. Its GST is worked out as for ours, under
     * the payment's lock; it is recorded even beyond what we think is left, since it happened.
     */
    async recordFromProvider(
      values: Omit<NewRefund, 'createdById'> & Pick<RefundRow, 'status' | 'providerRefundId'>,
    ): Promise<RefundRow | undefined> {
      return db.transaction(async (tx) => {
        const locked = await lockPayment(tx, values.paymentId);
        if (!locked) return undefined;
        const [row] = await tx
          .insert(refunds)
          .values({
            ...values,
            ...locked.money(values.amountCents),
            settledAt: values.status === 'pending' ? null : new Date(),
          })
          .onConflictDoNothing()
          .returning();
        return row;
      });
    },

    async findByProviderRefund(provider: string, providerRefundId: string) {
      const [row] = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)))
        .limit(1);
      return row;
    },

    /** Settles a pending refund once; undefined when it was settled already. */
    async settle(
      id: string,
      answer: Pick<RefundRow, 'status'> &
        Partial<Pick<RefundRow, 'providerRefundId' | 'failureMessage'>>,
    ): Promise<RefundRow | undefined> {
      const [row] = await db
        .update(refunds)
        .set({ ...answer, settledAt: answer.status === 'pending' ? null : new Date() })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning();
      return row;
    },

    async find(id: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
      return row;
    },

    async listOfPayments(paymentIds: readonly string[]): Promise<RefundRow[]> {
      if (!paymentIds.length) return [];
      return db
        .select()
        .from(refunds)
        .where(inArray(refunds.paymentId, [...paymentIds]))
        .orderBy(asc(refunds.createdAt));
    },

    /** Refunds still waiting on the provider's answer since before `before`, oldest first. */
    async listPending(before: Date, limit = 50): Promise<RefundRow[]> {
      return db
        .select()
        .from(refunds)
        .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
        .orderBy(asc(refunds.createdAt))
        .limit(limit);
    },
  };
}
export type RefundRepository = ReturnType<typeof createRefundRepository>;
