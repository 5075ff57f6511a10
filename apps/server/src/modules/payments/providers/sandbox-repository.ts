import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
} from '../../../db/schema.ts';

export type SandboxIntent = typeof sandboxPaymentIntents.$inferSelect;
type NewIntent = typeof sandboxPaymentIntents.$inferInsert;

/** The offline provider's own tables: its customers, their cards and its payment intents. */
export function createSandboxRepository(db: Db) {
  async function findIntentBy(column: 'id' | 'idempotencyKey' | 'clientSecret', value: string) {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents[column], value))
      .limit(1);
    return row;
  }

  /** Leaves an intent that waits for 3-D Secure with its answer; undefined when none waits. */
  async function answerWaitingIntent(
    column: 'id' | 'clientSecret',
    value: string,
    answer: Pick<SandboxIntent, 'status'> & Partial<Pick<SandboxIntent, 'failureMessage'>>,
  ) {
    const [row] = await db
      .update(sandboxPaymentIntents)
      .set(answer)
      .where(
        and(
          eq(sandboxPaymentIntents[column], value),
          eq(sandboxPaymentIntents.status, 'requires_action'),
        ),
      )
      .returning();
    return row;
  }

  return {
    findIntentBy,
    answerWaitingIntent,

    /**
     * Refunds `amountCents` of a succeeded intent once per key: the refund made for the key
     * before, or a new one when what is left covers it (the intent is locked meanwhile), or
     * the reason it cannot be made.
     */
    async refund(input: {
      id: string;
      idempotencyKey: string;
      paymentIntentId: string;
      amountCents: number;
    }) {
      return db.transaction(async (tx) => {
        const [intent] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.id, input.paymentIntentId))
          .for('update');
        const [earlier] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
        if (earlier) return { refund: earlier };
        if (!intent) return { refused: `No such payment: ${input.paymentIntentId}` };
        if (intent.status !== 'succeeded')
          return { refused: 'Only a succeeded payment can be refunded.' };
        const [{ refunded }] = (await tx
          .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentIntentId, intent.id))) as [{ refunded: number }];
        if (refunded + input.amountCents > intent.amountCents) {
          return { refused: 'The refund is more than what is left of the payment.' };
        }
        const [refund] = await tx.insert(sandboxRefunds).values(input).returning();
        return { refund: refund! };
      });
    },

    /** The new intent, or undefined when one with its idempotency key exists. */
    async insertIntent(values: NewIntent) {
      const [row] = await db
        .insert(sandboxPaymentIntents)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async customerExists(id: string) {
      const [found] = await db
        .select({ id: sandboxCustomers.id })
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.id, id))
        .limit(1);
      return Boolean(found);
    },

    async insertCustomer(values: { id: string; email: string; name: string }) {
      await db.insert(sandboxCustomers).values(values);
    },

    async findPaymentMethod(id: string) {
      const [row] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, id))
        .limit(1);
      return row;
    },

    async attachPaymentMethod(customerId: string, paymentMethodId: string) {
      await db
        .insert(sandboxPaymentMethods)
        .values({ id: paymentMethodId, customerId })
        .onConflictDoNothing();
    },

    /** Attached and made the default in one statement: every order runs it after its answer. */
    async setDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
      await db.execute(sql`
        with attached as (
          insert into ${sandboxPaymentMethods} (id, customer_id)
          values (${paymentMethodId}, ${customerId})
          on conflict do nothing
        )
        update ${sandboxCustomers} set default_payment_method_id = ${paymentMethodId}
        where id = ${customerId}`);
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
