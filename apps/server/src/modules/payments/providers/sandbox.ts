import { randomBytes } from 'node:crypto';
import {
  parseSandboxPaymentMethodId,
  SANDBOX_DECLINE_MESSAGE,
  SANDBOX_UNKNOWN_CARD_MESSAGE,
} from '@noise/shared/sandbox-card';
import type { SandboxIntent, SandboxRepository } from './sandbox-repository.ts';
import { RefundRefusedError, type PaymentProvider, type ProviderPayment } from './provider.ts';

const token = (n = 12) =>
  randomBytes(n)
    .toString('hex')
    .slice(0, n * 2);

function toPayment(row: SandboxIntent): ProviderPayment {
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
export function createSandboxProvider(repository: SandboxRepository): PaymentProvider & {
  authenticate(clientSecret: string, outcome: 'approve' | 'fail'): Promise<ProviderPayment | null>;
  retrievePaymentBySecret(clientSecret: string): Promise<ProviderPayment | null>;
} {
  const attach = repository.attachPaymentMethod;

  return {
    name: 'sandbox',
    publishableKey: null,

    async ensureCustomer({ existingId, email, name }) {
      if (existingId && (await repository.customerExists(existingId))) return existingId;
      const id = `cus_sandbox_${token()}`;
      await repository.insertCustomer({ id, email, name });
      return id;
    },

    async createPayment(input) {
      const card = parseSandboxPaymentMethodId(input.paymentMethodId);
      let status: SandboxIntent['status'] = 'succeeded';
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
      const inserted = await repository.insertIntent({
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
      });
      // Whoever inserted first decides; a repeated key answers that first intent.
      const row =
        inserted ?? (await repository.findIntentBy('idempotencyKey', input.idempotencyKey))!;
      // As at Stripe (setup_future_usage), a card that paid stays attached to the customer.
      if (row.status === 'succeeded') await attach(row.customerId, row.paymentMethodId);
      return toPayment(row);
    },

    async retrievePayment(id) {
      const row = await repository.findIntentBy('id', id);
      if (!row) throw new Error(`No such sandbox payment: ${id}`);
      return toPayment(row);
    },

    async cancelPayment(id) {
      const cancelled = await repository.answerWaitingIntent('id', id, {
        status: 'failed',
        failureMessage: 'The payment was cancelled.',
      });
      return this.retrievePayment(cancelled?.id ?? id);
    },

    async getPaymentMethod(id) {
      const card = parseSandboxPaymentMethodId(id);
      if (!card) return null;
      const attached = await repository.findPaymentMethod(id);
      return { id, customerId: attached?.customerId ?? null, last4: card.last4, brand: card.brand };
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await repository.setDefaultPaymentMethod(customerId, paymentMethodId);
    },

    async retrievePaymentBySecret(clientSecret) {
      const row = await repository.findIntentBy('clientSecret', clientSecret);
      return row ? toPayment(row) : null;
    },

    /** The sandbox's stand-in for the bank's 3-D Secure dialog. */
    async refundPayment(input) {
      const answer = await repository.refund({
        id: `re_sandbox_${token()}`,
        idempotencyKey: input.idempotencyKey,
        paymentIntentId: input.paymentId,
        amountCents: input.amountCents,
      });
      if ('refused' in answer) throw new RefundRefusedError(answer.refused!);
      const { refund } = answer;
      return {
        id: refund.id,
        status: 'succeeded',
        amountCents: refund.amountCents,
        failureMessage: null,
      };
    },

    async authenticate(clientSecret, outcome) {
      const row = await repository.answerWaitingIntent(
        'clientSecret',
        clientSecret,
        outcome === 'approve'
          ? { status: 'succeeded' }
          : { status: 'failed', failureMessage: 'The payment was not confirmed.' },
      );
      const intent = row ?? (await repository.findIntentBy('clientSecret', clientSecret));
      if (!intent) return null;
      if (intent.status === 'succeeded') {
        await attach(intent.customerId, intent.paymentMethodId);
      }
      return toPayment(intent);
    },
  };
}
