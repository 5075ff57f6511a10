import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discountCodes, discountRedemptions, paymentAttempts } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type NewDiscountCode = Omit<typeof discountCodes.$inferInsert, 'codeKey'>;

/**
 * What 'every renewal' codes took off the renewals charged since their orders (before GST), of
 * the codes and payments `where` picks (`r` the code's use, `p` the renewal).
 */
export function renewalDiscounts(where: SQL) {
  return sql`(select coalesce(sum((a."order"->'discount'->>'recurringDiscountCents')::int), 0)
    from discount_redemptions r
    join payment_attempts a on a.id = r.attempt_id and a.state = 'succeeded'
    join payments p on p.project_id = a.project_id and p.kind = 'renewal'
      and p.status = 'succeeded'
    where ${where})`;
}

/**
 * The moment a hold that began before it is over, on the database's clock: uses are stamped with
 * it, so the application's clock cannot disagree.
 */
const heldSince = (holdMs: number) => sql`now() - make_interval(secs => ${holdMs / 1000})`;

/** Buyers type codes in any case: they are matched on this. */
export const codeKeyOf = (code: string) => code.trim().toLowerCase();

/** Discount codes and their uses (docs/product.md#discount-codes). */
export function createDiscountRepository(db: Db) {
  return {
    /**
     * Every code with its paid uses and the discount they were given, newest first: off each
     * paid first payment, and off each renewal an 'every renewal' code lowered since.
     */
    async list() {
      return db
        .select({
          code: discountCodes,
          uses: sql<number>`count(${paymentAttempts.id})::int`,
          discountGivenCents: sql<number>`(coalesce(sum(${discountRedemptions.discountCents}) filter (where ${paymentAttempts.id} is not null), 0) + ${renewalDiscounts(sql`r.code_id = ${discountCodes.id}`)})::int`,
        })
        .from(discountCodes)
        .leftJoin(discountRedemptions, eq(discountRedemptions.codeId, discountCodes.id))
        .leftJoin(
          paymentAttempts,
          and(
            eq(paymentAttempts.id, discountRedemptions.attemptId),
            eq(paymentAttempts.state, 'succeeded'),
          ),
        )
        .groupBy(discountCodes.id)
        .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
    },

    async find(id: string) {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
      return row;
    },

    async findByCode(code: string) {
      const [row] = await db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.codeKey, codeKeyOf(code)))
        .limit(1);
      return row;
    },

    /** The new code, or undefined when one with the same code in any case exists. */
    async insert(values: NewDiscountCode) {
      const [row] = await db
        .insert(discountCodes)
        .values({ ...values, codeKey: codeKeyOf(values.code) })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The changed code; undefined when it does not exist or its new code is taken. */
    async update(id: string, values: NewDiscountCode) {
      const taken = await this.findByCode(values.code);
      if (taken && taken.id !== id) return undefined;
      const [row] = await db
        .update(discountCodes)
        .set({ ...values, codeKey: codeKeyOf(values.code) })
        .where(eq(discountCodes.id, id))
        .returning();
      return row;
    },

    /**
     * Locks the code for a checkout taking one of its uses, and counts the uses that hold: those
     * of checkouts that have not failed, in all and by this customer, each only as far as its
     * limit (a code used 100,000 times is not counted to the end). Call inside a transaction.
     */
    async lockAndCountUses(
      codeId: string,
      userId: string,
      limits: { upTo: number | null; mineUpTo: number | null },
    ) {
      await db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.id, codeId))
        .for('update');
      const live = (mine: boolean, upTo: number) =>
        db
          .select({ one: sql`1` })
          .from(discountRedemptions)
          .innerJoin(paymentAttempts, eq(paymentAttempts.id, discountRedemptions.attemptId))
          .where(
            and(
              eq(discountRedemptions.codeId, codeId),
              mine ? eq(discountRedemptions.userId, userId) : undefined,
              ne(paymentAttempts.state, 'failed'),
            ),
          )
          .limit(upTo);
      const total = limits.upTo === null ? 0 : (await live(false, limits.upTo)).length;
      const mine = limits.mineUpTo === null ? 0 : (await live(true, limits.mineUpTo)).length;
      return { total, mine };
    },

    /**
     * Uses that hold, counted as far as `upTo`: is the code used up? Those of checkouts not failed,
     * but for a payment waiting on the bank's check whose use is older than `holdMs` (the
     * checkout that needs it cancels that payment first: docs/decisions/087). `settledOnly`
     * leaves out every waiting payment, to tell a code used up from one held.
     */
    async countLiveUses(
      codeId: string,
      upTo: number,
      options: { holdMs?: number; settledOnly?: boolean } = {},
    ) {
      const waiting = eq(paymentAttempts.state, 'requires_action');
      const rows = await db
        .select({ one: sql`1` })
        .from(discountRedemptions)
        .innerJoin(paymentAttempts, eq(paymentAttempts.id, discountRedemptions.attemptId))
        .where(
          and(
            eq(discountRedemptions.codeId, codeId),
            ne(paymentAttempts.state, 'failed'),
            options.settledOnly ? sql`not ${waiting}` : undefined,
            options.holdMs === undefined
              ? undefined
              : sql`not (${waiting} and ${discountRedemptions.createdAt} <= ${heldSince(options.holdMs)})`,
          ),
        )
        .limit(upTo);
      return rows.length;
    },

    /**
     * The payments waiting on the bank's check that hold a use of the code, oldest use first: a
     * customer's own (`userId`), or those whose hold is over (`holdMs`).
     */
    async listWaitingAttemptsUsing(
      codeId: string,
      filter: { userId: string } | { holdMs: number },
      limit: number,
    ) {
      const rows = await db
        .select({ attempt: paymentAttempts })
        .from(discountRedemptions)
        .innerJoin(paymentAttempts, eq(paymentAttempts.id, discountRedemptions.attemptId))
        .where(
          and(
            eq(discountRedemptions.codeId, codeId),
            eq(paymentAttempts.state, 'requires_action'),
            'userId' in filter
              ? eq(discountRedemptions.userId, filter.userId)
              : sql`${discountRedemptions.createdAt} <= ${heldSince(filter.holdMs)}`,
          ),
        )
        .orderBy(asc(discountRedemptions.createdAt), asc(discountRedemptions.id))
        .limit(limit);
      return rows.map((row) => row.attempt);
    },

    async insertRedemption(values: typeof discountRedemptions.$inferInsert) {
      await db.insert(discountRedemptions).values(values);
    },

    /**
     * A checkout's payment attempt and its use of a code without limits, in one statement (no
     * transaction round trips: docs/performance.md). Undefined, and no use taken, when the
     * attempt's idempotency key exists already.
     */
    async insertAttemptUsingCode(
      values: typeof paymentAttempts.$inferInsert,
      use: { codeId: string; userId: string; discountCents: number },
    ) {
      const attempt = db
        .$with('attempt')
        .as(
          db
            .insert(paymentAttempts)
            .values(values)
            .onConflictDoNothing({ target: paymentAttempts.idempotencyKey })
            .returning(),
        );
      const taken = db.$with('taken').as(
        db
          .insert(discountRedemptions)
          .select(
            db
              .select({
                id: sql<string>`${newId()}`.as('id'),
                codeId: sql<string>`${use.codeId}`.as('code_id'),
                userId: sql<string>`${use.userId}`.as('user_id'),
                attemptId: sql<string>`${attempt.id}`.as('attempt_id'),
                discountCents: sql<number>`${use.discountCents}::int`.as('discount_cents'),
                createdAt: sql<Date>`now()`.as('created_at'),
              })
              .from(attempt),
          )
          .returning({ id: discountRedemptions.id }),
      );
      const [row] = await db.with(attempt, taken).select().from(attempt);
      return row;
    },
  };
}
export type DiscountRepository = ReturnType<typeof createDiscountRepository>;
