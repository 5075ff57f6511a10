import { and, asc, desc, eq, getTableColumns, inArray, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  accountCreditEntries,
  companies,
  paymentAttempts,
  payments,
  projects,
  refunds,
} from '../../db/schema.ts';

export type CreditEntryRow = typeof accountCreditEntries.$inferSelect;

/**
 * The company locked (`FOR UPDATE`, inside the caller's transaction) and its balance: every entry
 * that takes credit is written under this lock, so two at once never take the balance below zero.
 */
export async function lockedCreditBalance(tx: Db, companyId: string): Promise<number | undefined> {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!company) return undefined;
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${accountCreditEntries.amountCents}), 0)::int` })
    .from(accountCreditEntries)
    .where(eq(accountCreditEntries.companyId, companyId));
  return row?.cents ?? 0;
}

/** The entry that gives `hold` back: one per hold (the unique kind and key), whatever the replays. */
async function returnHoldOn(db: Db, hold: CreditEntryRow) {
  await db
    .insert(accountCreditEntries)
    .values({
      companyId: hold.companyId,
      amountCents: -hold.amountCents,
      currency: hold.currency,
      kind: 'returned',
      holdKey: hold.holdKey,
    })
    .onConflictDoNothing();
}

/**
 * A company's account credit (docs/decisions/107): entries are only ever added; the balance is
 * their sum. Refunds given as credit are written with their refund (refund-repository.ts).
 */
export function createCreditRepository(db: Db) {
  return {
    /** The balance; undefined when there is no such company. */
    async balanceOf(companyId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ cents: sql<number>`coalesce(sum(${accountCreditEntries.amountCents}), 0)::int` })
        .from(companies)
        .leftJoin(accountCreditEntries, eq(accountCreditEntries.companyId, companies.id))
        .where(eq(companies.id, companyId))
        .groupBy(companies.id);
      return row?.cents;
    },

    /**
     * The company's entries, newest first, each with the order it came from (a refund's) or went
     * to (the payment a hold paid), in one statement.
     */
    async listOf(
      companyId: string,
      limit = 100,
    ): Promise<(CreditEntryRow & { orderNumber: number | null })[]> {
      const refunded = alias(payments, 'refunded_payment');
      const refundedOrder = alias(projects, 'refunded_order');
      const paid = alias(payments, 'paid_payment');
      const paidOrder = alias(projects, 'paid_order');
      const rows = await db
        .select({
          entry: accountCreditEntries,
          refundOrder: refundedOrder.orderNumber,
          paidOrder: paidOrder.orderNumber,
        })
        .from(accountCreditEntries)
        .leftJoin(refunds, eq(refunds.id, accountCreditEntries.refundId))
        .leftJoin(refunded, eq(refunded.id, refunds.paymentId))
        .leftJoin(refundedOrder, eq(refundedOrder.id, refunded.projectId))
        .leftJoin(paid, eq(paid.creditEntryId, accountCreditEntries.id))
        .leftJoin(paidOrder, eq(paidOrder.id, paid.projectId))
        .where(eq(accountCreditEntries.companyId, companyId))
        .orderBy(desc(accountCreditEntries.createdAt), desc(accountCreditEntries.id))
        .limit(limit);
      return rows.map((row) => ({
        ...row.entry,
        orderNumber: row.refundOrder ?? row.paidOrder ?? null,
      }));
    },

    /**
     * Staff add credit (a positive amount) or remove it (a negative one), with a reason. A removal
     * beyond the balance is refused with the balance, and nothing is written.
     */
    async adjust(values: {
      companyId: string;
      amountCents: number;
      currency: string;
      note: string;
      createdById: string;
      /** One entry per key: a double click adds once. */
      holdKey: string;
    }): Promise<
      | { entry: CreditEntryRow; balanceCents: number }
      | { refused: 'no_company' }
      | { refused: 'below_zero'; balanceCents: number }
    > {
      return db.transaction(async (tx) => {
        const balance = await lockedCreditBalance(tx, values.companyId);
        if (balance === undefined) return { refused: 'no_company' as const };
        const kind = values.amountCents > 0 ? 'added' : 'removed';
        const [earlier] = await tx
          .select()
          .from(accountCreditEntries)
          .where(
            and(
              eq(accountCreditEntries.kind, kind),
              eq(accountCreditEntries.holdKey, values.holdKey),
            ),
          );
        if (earlier) return { entry: earlier, balanceCents: balance };
        if (balance + values.amountCents < 0) {
          return { refused: 'below_zero' as const, balanceCents: balance };
        }
        const [entry] = await tx
          .insert(accountCreditEntries)
          .values({ ...values, kind })
          .returning();
        return { entry: entry!, balanceCents: balance + values.amountCents };
      });
    },

    /**
     * Holds up to `upToCents` of the company's credit for one charge, before the card is asked
     * for the rest: the same key answers the hold it made before (a retry after an outage charges
     * the card the same rest), and a key whose hold was given back holds nothing again. With
     * `cardLeastCents`, a hold short of the whole charge leaves the card at least that much (a
     * card cannot be charged less). Undefined when there is no credit to hold.
     */
    async hold(values: {
      companyId: string;
      holdKey: string;
      upToCents: number;
      currency: string;
      cardLeastCents?: number;
    }): Promise<CreditEntryRow | undefined> {
      return db.transaction(async (tx) => {
        const balance = (await lockedCreditBalance(tx, values.companyId)) ?? 0;
        const earlier = await tx
          .select()
          .from(accountCreditEntries)
          .where(
            and(
              inArray(accountCreditEntries.kind, ['spent', 'returned']),
              eq(accountCreditEntries.holdKey, values.holdKey),
            ),
          );
        if (earlier.some((entry) => entry.kind === 'returned')) return undefined;
        const spent = earlier.find((entry) => entry.kind === 'spent');
        if (spent) return spent;
        const cents =
          balance >= values.upToCents
            ? values.upToCents
            : Math.min(balance, values.upToCents - (values.cardLeastCents ?? 0));
        if (cents <= 0) return undefined;
        const [entry] = await tx
          .insert(accountCreditEntries)
          .values({
            companyId: values.companyId,
            amountCents: -cents,
            currency: values.currency,
            kind: 'spent',
            holdKey: values.holdKey,
          })
          .returning();
        return entry;
      });
    },

    /**
     * Credit given back by a refund made some other way than `refunds.reserve` (a reversed
     * invoice payment that credit paid); once per refund.
     */
    async creditRefund(values: {
      companyId: string;
      refundId: string;
      amountCents: number;
      currency: string;
      note: string;
      createdById: string | null;
    }): Promise<void> {
      await db
        .insert(accountCreditEntries)
        .values({ ...values, kind: 'refund' })
        .onConflictDoNothing();
    },

    /**
     * Holds taken before `before` that nothing settled: no payment names them, no attempt still
     * under way names them, and they were not given back (a crash between the hold and the card,
     * a charge the provider never answered and nobody retried). Oldest first.
     */
    async unsettledHolds(before: Date, limit: number): Promise<CreditEntryRow[]> {
      const returned = alias(accountCreditEntries, 'returned');
      return db
        .select(getTableColumns(accountCreditEntries))
        .from(accountCreditEntries)
        .where(
          and(
            eq(accountCreditEntries.kind, 'spent'),
            lt(accountCreditEntries.createdAt, before),
            notExists(
              db
                .select({ one: sql`1` })
                .from(returned)
                .where(
                  and(
                    eq(returned.kind, 'returned'),
                    eq(returned.holdKey, accountCreditEntries.holdKey),
                  ),
                ),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(payments)
                .where(eq(payments.creditEntryId, accountCreditEntries.id)),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(paymentAttempts)
                .where(
                  and(
                    eq(paymentAttempts.creditEntryId, accountCreditEntries.id),
                    inArray(paymentAttempts.state, ['processing', 'requires_action', 'error']),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(accountCreditEntries.createdAt))
        .limit(limit);
    },

    /** Gives back the hold `id` names (an order's payment that failed); once, whatever the replays. */
    async returnHoldById(id: string): Promise<void> {
      const [hold] = await db
        .select()
        .from(accountCreditEntries)
        .where(and(eq(accountCreditEntries.id, id), eq(accountCreditEntries.kind, 'spent')));
      if (hold) await returnHoldOn(db, hold);
    },

    /** Gives a hold back (the card part of its charge was declined); once, whatever the replays. */
    async returnHold(hold: CreditEntryRow): Promise<void> {
      await returnHoldOn(db, hold);
    },
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;
