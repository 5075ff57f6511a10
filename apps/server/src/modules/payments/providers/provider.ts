import type { RefundReason } from '@noise/shared/order-money';
import type { PaymentProviderName } from '@noise/shared/payments';

/** A charge as the provider sees it. */
export interface ProviderPayment {
  /** The provider's payment id (a Stripe PaymentIntent id). */
  id: string;
  status: 'succeeded' | 'requires_action' | 'processing' | 'failed';
  amountCents: number;
  currency: string;
  customerId: string | null;
  paymentMethodId: string | null;
  /** For requires_action: what the browser passes to the card library to authenticate. */
  clientSecret: string | null;
  /** For failed: the reason to show the customer ('Your card was declined.'). */
  failureMessage: string | null;
  metadata: Record<string, string>;
}

export interface CreatePaymentInput {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  /** The same key always gives the same payment: the provider charges once per key. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** True for renewals, when the customer is not there to authenticate. */
  offSession: boolean;
}

export interface ProviderPaymentMethod {
  id: string;
  customerId: string | null;
  last4: string;
  brand: string;
}

/** Money given back on a payment, as the provider answered. */
export interface ProviderRefund {
  id: string;
  /** 'pending' while the provider has not settled it (some cards take days). */
  status: 'succeeded' | 'pending' | 'failed';
  amountCents: number;
  failureMessage: string | null;
}

export interface CreateRefundInput {
  /** The provider's payment id (the payment's transaction id). */
  paymentId: string;
  amountCents: number;
  /** The same key always gives the same refund: the provider refunds once per key. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** The provider refused a refund (more than is left, a payment it cannot refund): its reason. */
export class RefundRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RefundRefusedError';
  }
}

/** A refund as a webhook tells it: ours (its metadata names it) or one made elsewhere. */
export interface ProviderWebhookRefund extends ProviderRefund {
  /** The provider's payment id it refunds. */
  paymentId: string;
  metadata: Record<string, string>;
  /** The provider's reason in ours ('duplicate', ..., 'other'); null when it gave none. */
  reason: RefundReason | null;
}

/** A verified webhook event, reduced to what the checkout acts on. */
export interface ProviderWebhookEvent {
  /** The provider's event id: an event handled once is not handled again. */
  id: string;
  /** The provider's own name of the event, as recorded (Stripe's 'payment_intent.succeeded'). */
  type: string;
  /** Present for events about a payment. */
  payment: ProviderPayment | null;
  /**
   * What the event says of `payment`: it succeeded, it failed, or neither (null: an event the
   * checkout does not act on, such as a payment created or waiting).
   */
  paymentOutcome: 'succeeded' | 'failed' | null;
  /** The refunds a refund or charge event carries; empty for other events. */
  refunds: ProviderWebhookRefund[];
}

/**
 * A provider's webhook, which it posts to `POST /api/payments/<its name>/webhook` (decision
 * 099): the header that carries its signature, and the check and reading of an event.
 */
export interface ProviderWebhook {
  /** The request header with the signature, lower case ('stripe-signature'). */
  signatureHeader: string;
  /** Verifies the signature over the raw body; throws when it does not match. */
  parse(rawBody: Buffer, signature: string): ProviderWebhookEvent;
}

/**
 * The one interface the checkout talks to. `sandbox` runs offline with test cards; `stripe` uses
 * Stripe's API. Both honour idempotency keys, so a retried call never charges twice. Nothing
 * outside a provider's file names its provider's API (decision 099): another provider is a file
 * here, its entry in `index.ts` and its name in `paymentProviders` (`PAYMENT_PROVIDER`).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly publishableKey: string | null;
  /** The customer's provider id: the existing one when it still exists, else a new customer. */
  ensureCustomer(input: {
    existingId: string | null;
    email: string;
    name: string;
    userId: string;
    /** Makes a retried creation answer the same customer; defaults to one per user. */
    key?: string;
  }): Promise<string>;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  retrievePayment(id: string): Promise<ProviderPayment>;
  /**
   * Cancels a payment still waiting on the customer (3-D Secure never finished), so it can no
   * longer be completed. Answers the payment as it now stands: failed, or succeeded when the
   * customer finished just before.
   */
  cancelPayment(id: string): Promise<ProviderPayment>;
  getPaymentMethod(id: string): Promise<ProviderPaymentMethod | null>;
  /** Saves the method on the customer (attached, default for invoices and renewals). */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  /**
   * Refunds part or all of a succeeded payment. Throws RefundRefusedError when the provider says
   * no, ProviderUnavailableError when its answer is unknown (retry with the same key).
   */
  refundPayment(input: CreateRefundInput): Promise<ProviderRefund>;
  /** Its webhook; absent for a provider that sends none (the sandbox). */
  readonly webhook?: ProviderWebhook;
}

/** A provider call that failed for a reason other than the card (network, outage, bad key). */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
