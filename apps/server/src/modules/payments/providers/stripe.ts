import Stripe from 'stripe';
import type { RefundReason } from '@noise/shared/order-money';
import type { PaymentsConfig } from '../../../config.ts';
import {
  ProviderUnavailableError,
  RefundRefusedError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderWebhookEvent,
} from './provider.ts';

type StripeSettings = NonNullable<PaymentsConfig['stripe']>;
type Intent = Awaited<ReturnType<Stripe['paymentIntents']['retrieve']>>;

/** Stripe's refund reasons that are ours too; the others ('fraudulent', ...) are 'other'. */
const refundReasons: Partial<Record<string, RefundReason>> = {
  duplicate: 'duplicate',
  requested_by_customer: 'requested_by_customer',
};

function toPayment(intent: Intent): ProviderPayment {
  const status: ProviderPayment['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'requires_action'
        ? 'requires_action'
        : intent.status === 'processing' || intent.status === 'requires_capture'
          ? 'processing'
          : 'failed';
  const idOf = (v: string | { id: string } | null | undefined) =>
    v == null ? null : typeof v === 'string' ? v : v.id;
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    currency: intent.currency,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    clientSecret: status === 'requires_action' ? intent.client_secret : null,
    failureMessage:
      status === 'failed'
        ? (intent.last_payment_error?.message ?? 'The payment was not completed.')
        : null,
    metadata: (intent.metadata ?? {}) as Record<string, string>,
  };
}

/** A Stripe refund as the checkout sees it: requires_action and canceled count as not made. */
export function toRefund(refund: Stripe.Refund): ProviderRefund {
  const status: ProviderRefund['status'] =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'pending' || refund.status === 'requires_action'
        ? 'pending'
        : 'failed';
  return {
    id: refund.id,
    status,
    amountCents: refund.amount,
    failureMessage: status === 'failed' ? `The refund ${refund.failure_reason ?? 'failed'}.` : null,
  };
}

/**
 * Stripe through its official SDK: PaymentIntents confirmed on the server with the card form's
 * payment method, idempotency keys on every create, the card saved on a Stripe customer for
 * renewals (setup_future_usage), and 3-D Secure handed back to the browser as requires_action.
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    // The SDK's default waits 80 s a try: with its retries a checkout could hang for minutes and
    // outlive the attempt's 2-minute lock. 20 s a try answers within a minute.
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  /**
   * Card and request errors are answers (a decline, an unknown payment method); anything else
   * (network, outage, rate limit) means the outcome is unknown and the same key may be retried.
   */
  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeCardError ||
        error instanceof Stripe.errors.StripeInvalidRequestError
      ) {
        throw error;
      }
      throw new ProviderUnavailableError('The payment provider could not be reached', {
        cause: error,
      });
    }
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async ensureCustomer({ existingId, email, name, userId, key }) {
      if (existingId) {
        try {
          const found = await stripe.customers.retrieve(existingId);
          if (!('deleted' in found && found.deleted)) return found.id;
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
            throw new ProviderUnavailableError('The payment provider could not be reached', {
              cause: error,
            });
          }
        }
      }
      const customer = await call(() =>
        stripe.customers.create(
          { email, name, metadata: { userId } },
          { idempotencyKey: key ?? `customer:${userId}:${existingId ?? 'new'}` },
        ),
      );
      return customer.id;
    },

    async createPayment(input) {
      try {
        const intent = await call(() =>
          stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: input.currency.toLowerCase(),
              customer: input.customerId,
              payment_method: input.paymentMethodId,
              // Cards only and no redirects: 3-D Secure is handled in the page (requires_action).
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
              confirm: true,
              description: input.description,
              metadata: input.metadata,
              ...(input.offSession
                ? { off_session: true }
                : { setup_future_usage: 'off_session' as const }),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        return toPayment(intent);
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripeInvalidRequestError
        ) {
          const intent = error.payment_intent as Intent | undefined;
          return {
            ...(intent
              ? toPayment(intent)
              : {
                  id: '',
                  amountCents: input.amountCents,
                  currency: input.currency.toLowerCase(),
                  customerId: input.customerId,
                  paymentMethodId: input.paymentMethodId,
                  clientSecret: null,
                  metadata: input.metadata,
                }),
            status: 'failed',
            failureMessage: error.message,
          };
        }
        throw error;
      }
    },

    async retrievePayment(id) {
      return toPayment(await call(() => stripe.paymentIntents.retrieve(id)));
    },

    async cancelPayment(id) {
      try {
        return toPayment(await call(() => stripe.paymentIntents.cancel(id)));
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or was cancelled) meanwhile.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return toPayment(await call(() => stripe.paymentIntents.retrieve(id)));
      }
    },

    async refundPayment(input) {
      try {
        const refund = await call(() =>
          stripe.refunds.create(
            {
              payment_intent: input.paymentId,
              amount: input.amountCents,
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        return toRefund(refund);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new RefundRefusedError(error.message, { cause: error });
        }
        throw error;
      }
    },

    async getPaymentMethod(id) {
      try {
        const pm = await stripe.paymentMethods.retrieve(id);
        return {
          id: pm.id,
          customerId: typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null),
          last4: pm.card?.last4 ?? '',
          brand: pm.card?.brand ?? '',
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw new ProviderUnavailableError('The payment provider could not be reached', {
          cause: error,
        });
      }
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      const pm = await call(() => stripe.paymentMethods.retrieve(paymentMethodId));
      const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
      if (!owner) {
        await call(() =>
          stripe.paymentMethods.attach(
            paymentMethodId,
            { customer: customerId },
            { idempotencyKey: `attach:${customerId}:${paymentMethodId}` },
          ),
        );
      }
      await call(() =>
        stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        }),
      );
    },

    webhook: {
      signatureHeader: 'stripe-signature',
      parse(rawBody, signature): ProviderWebhookEvent {
        // Throws StripeSignatureVerificationError on a wrong or stale signature.
        const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
        const object = event.data.object as { object?: string };
        // A refund made in Stripe's dashboard arrives as refund.created / refund.updated, and as
        // charge.refunded with the charge's refunds when Stripe includes them.
        const refunds =
          object.object === 'refund'
            ? [object as Stripe.Refund]
            : object.object === 'charge'
              ? ((object as Stripe.Charge).refunds?.data ?? [])
              : [];
        return {
          id: event.id,
          type: event.type,
          payment: object.object === 'payment_intent' ? toPayment(object as Intent) : null,
          paymentOutcome:
            event.type === 'payment_intent.succeeded'
              ? 'succeeded'
              : event.type === 'payment_intent.payment_failed'
                ? 'failed'
                : null,
          refunds: refunds.map((refund) => ({
            ...toRefund(refund),
            paymentId:
              typeof refund.payment_intent === 'string'
                ? refund.payment_intent
                : (refund.payment_intent?.id ?? ''),
            metadata: (refund.metadata ?? {}) as Record<string, string>,
            reason: refund.reason ? (refundReasons[refund.reason] ?? 'other') : null,
          })),
        };
      },
    },
  };
}
