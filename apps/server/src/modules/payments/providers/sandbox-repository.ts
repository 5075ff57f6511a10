import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
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
