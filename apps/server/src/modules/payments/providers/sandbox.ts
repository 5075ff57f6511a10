import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  parseSandboxPaymentMethodId,
  SANDBOX_DECLINE_MESSAGE,
  SANDBOX_UNKNOWN_CARD_MESSAGE,
} from '@noise/shared/sandbox-card';
import type { Db } from '../../../db/client.ts';
import {
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
} from '../../../db/schema.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

const token = (n = 12) =>
  randomBytes(n)
    .toString('hex')
    .slice(0, n * 2);

function toPayment(row: IntentRow): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    clientSecret: row.status === 'requires_action' ? row.clientSecret : null,
    failureMessage: row.failureMessage,
    metadata: row.metadata,
  };
}

export const AUTHENTICATION_REQUIRED_MESSAGE =
  'Your bank asks you to confirm this payment; please pay again while signed in.';

/**
 * The offline provider. Test cards become payment-method ids in the browser
 * (packages/shared/src/sandbox-card.ts); the behaviour is read back from the id. Customers,
 * attachments and intents are rows, so every process sees the same state, and an intent's
 * idempotency key is unique, so a repeated call returns the first result.
 */
export function createSandboxProvider(db: Db): PaymentProvider & {
  authenticate(clientSecret: string, outcome: 'approve' | 'fail'): Promise<ProviderPayment | null>;
  retrievePaymentBySecret(clientSecret: string): Promise<ProviderPayment | null>;
} {
  async function findIntent(id: string) {
    const [row] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, id))
      .limit(1);
    return row;
  }

  async function attach(customerId: string, paymentMethodId: string) {
    await db
      .insert(sandboxPaymentMethods)
      .values({ id: paymentMethodId, customerId })
      .onConflictDoNothing();
  }

  return {
    name: 'sandbox',
    publishableKey: null,

    async ensureCustomer({ existingId, email, name }) {
      if (existingId) {
        const [found] = await db
          .select({ id: sandboxCustomers.id })
          .from(sandboxCustomers)
          .where(eq(sandboxCustomers.id, existingId))
          .limit(1);
        if (found) return found.id;
      }
      const [row] = await db
        .insert(sandboxCustomers)
        .values({ id: `cus_sandbox_${token()}`, email, name })
        .returning({ id: sandboxCustomers.id });
      return row!.id;
    },

    async createPayment(input) {
      const card = parseSandboxPaymentMethodId(input.paymentMethodId);
      let status: IntentRow['status'] = 'succeeded';
      let failureMessage: string | null = null;
      if (!card) {
        status = 'failed';
        failureMessage = SANDBOX_UNKNOWN_CARD_MESSAGE;
      } else if (card.behaviour === 'declined') {
        status = 'failed';
        failureMessage = SANDBOX_DECLINE_MESSAGE;
      } else if (card.behaviour === '3ds') {
        // A card authenticated once (attached to the customer) may be charged off-session later.
        const attached = await this.getPaymentMethod(input.paymentMethodId);
        const saved = attached?.customerId === input.customerId;
        if (!input.offSession) status = 'requires_action';
        else if (!saved) {
          status = 'failed';
          failureMessage = AUTHENTICATION_REQUIRED_MESSAGE;
        }
      }
      const id = `pi_sandbox_${token()}`;
      const [inserted] = await db
        .insert(sandboxPaymentIntents)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          clientSecret: `${id}_secret_${token()}`,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          amountCents: input.amountCents,
          currency: input.currency.toLowerCase(),
          status,
          failureMessage,
          metadata: input.metadata,
        })
        .onConflictDoNothing()
        .returning();
      // Whoever inserted first decides; a repeated key answers that first intent.
      const row =
        inserted ??
        (
          await db
            .select()
            .from(sandboxPaymentIntents)
            .where(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey))
            .limit(1)
        )[0]!;
      // As at Stripe (setup_future_usage), a card that paid stays attached to the customer.
      if (row.status === 'succeeded') await attach(row.customerId, row.paymentMethodId);
      return toPayment(row);
    },

    async retrievePayment(id) {
      const row = await findIntent(id);
      if (!row) throw new Error(`No such sandbox payment: ${id}`);
      return toPayment(row);
    },

    async cancelPayment(id) {
      const [cancelled] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'failed', failureMessage: 'The payment was cancelled.' })
        .where(
          and(
            eq(sandboxPaymentIntents.id, id),
            eq(sandboxPaymentIntents.status, 'requires_action'),
          ),
        )
        .returning();
      return this.retrievePayment(cancelled?.id ?? id);
    },

    async getPaymentMethod(id) {
      const card = parseSandboxPaymentMethodId(id);
      if (!card) return null;
      const [attached] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, id))
        .limit(1);
      return { id, customerId: attached?.customerId ?? null, last4: card.last4, brand: card.brand };
    },

    // Attached and made the default in one statement: every order runs it after its answer.
    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await db.execute(sql`
        with attached as (
          insert into ${sandboxPaymentMethods} (id, customer_id)
          values (${paymentMethodId}, ${customerId})
          on conflict do nothing
        )
        update ${sandboxCustomers} set default_payment_method_id = ${paymentMethodId}
        where id = ${customerId}`);
    },

    async retrievePaymentBySecret(clientSecret) {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.clientSecret, clientSecret))
        .limit(1);
      return row ? toPayment(row) : null;
    },

    /** The sandbox's stand-in for the bank's 3-D Secure dialog. */
    async authenticate(clientSecret, outcome) {
      const [row] = await db
        .update(sandboxPaymentIntents)
        .set(
          outcome === 'approve'
            ? { status: 'succeeded' }
            : { status: 'failed', failureMessage: 'The payment was not confirmed.' },
        )
        .where(
          and(
            eq(sandboxPaymentIntents.clientSecret, clientSecret),
            eq(sandboxPaymentIntents.status, 'requires_action'),
          ),
        )
        .returning();
      const intent =
        row ??
        (
          await db
            .select()
            .from(sandboxPaymentIntents)
            .where(eq(sandboxPaymentIntents.clientSecret, clientSecret))
            .limit(1)
        )[0];
      if (!intent) return null;
      if (intent.status === 'succeeded') {
        await attach(intent.customerId, intent.paymentMethodId);
      }
      return toPayment(intent);
    },
  };
}
