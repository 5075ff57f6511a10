import { z } from 'zod';
import { australianPhone, emailAddress, moneyAmountCents } from './fields.ts';
import type { Discount } from './discounts.ts';
import { refundReasons, refundStatuses } from './order-money.ts';
import { priceOrderWithDiscount } from './discount-pricing.ts';
import { toCents, type PackageType } from './pricing.ts';
import { quoteDueNow, quoteTermsOf } from './quote.ts';
import { recurringIntervals } from './intervals.ts';

/**
 * Checkout and payment shapes (docs/product.md#api-calls, Payments). The browser sends what it
 * shows; the server recomputes every amount from the database and refuses a mismatch.
 */
export const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** GET /api/payments/config: what the card form needs. */
export const paymentConfigResponse = z.object({
  provider: z.enum(paymentProviders),
  /** The provider's public key for the card form (Stripe's publishable key); null for the sandbox. */
  publishableKey: z.string().nullable(),
  /** ISO 4217, upper case ('AUD' by default, docs/product.md#money-and-gst). */
  currency: z.string(),
});
export type PaymentConfig = z.infer<typeof paymentConfigResponse>;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_.:-]{8,200}$/,
    'The idempotency key must be 8 to 200 letters, digits or _.:-',
  );

/**
 * A new key for one checkout attempt. Keep it for retries and reloads of the same attempt (they
 * then charge once); make a new one after a decline, when the customer tries another card.
 */
export function newIdempotencyKey(): string {
  return `chk_${globalThis.crypto.randomUUID()}`;
}

const idRef = z.object({ _id: z.string().min(1).max(200) }).loose();
const optionalText = z.string().trim().max(200).optional();

/** docs/product.md#data-shapes, 'Order payment': what the payment page knows about the order. */
export const orderProjectDetailsSchema = z
  .object({
    /** The service's id (SPEC: serviceId; `service` may carry it as `_id` instead). */
    serviceId: z.string().min(1).max(200).optional(),
    service: z.union([z.string().min(1).max(200), idRef]).optional(),
    /** The chosen package: its id when known, otherwise its title (packageTitle or package.title). */
    packageId: z.string().min(1).max(200).optional(),
    packageTitle: z.string().max(500).optional(),
    package: z
      .object({ _id: z.string().max(200).optional(), title: z.string().max(500).optional() })
      .loose()
      .optional(),
    /** The selected extras; only their ids are read. */
    extras: z.array(idRef).max(100).default([]),
    /** The co-ordinator's user id (required). */
    coordinator: z.string().trim().min(1, 'Please choose your coordinator').max(200),
    companyName: optionalText,
    contactNumber: optionalText,
    firstName: optionalText,
    lastName: optionalText,
    emailAddress: optionalText,
    /** A discount code the buyer applied (docs/product.md#discount-codes); the server re-prices. */
    discountCode: z.string().trim().max(64).optional(),
  })
  .loose();
export type OrderProjectDetails = z.input<typeof orderProjectDetailsSchema>;

/** docs/product.md#data-shapes: for custom quotes projectDetails holds quoteName, amountWithGST, userId, quoteId, coordinatorId. */
export const quoteProjectDetailsSchema = z
  .object({
    quoteId: z.string().min(1).max(200),
    coordinatorId: z.string().trim().min(1, 'Please choose your coordinator').max(200),
    quoteName: z.string().max(500).optional(),
    /** Dollars including GST, as displayed; informational (amount is what is checked). */
    amountWithGST: z.number().optional(),
    userId: z.string().max(200).optional(),
    companyName: optionalText,
    contactNumber: optionalText,
  })
  .loose();
export type QuoteProjectDetails = z.input<typeof quoteProjectDetailsSchema>;

const paymentBase = {
  /** What the page showed as charged now, in cents including GST. */
  amount: z.number().int().positive(),
  /**
   * Of `amount`, what the page showed the company's account credit paying (a storefront order
   * or a quote, docs/decisions/107); the card is charged the rest. Absent or 0: no credit is used. Refused
   * when the credit available is not this.
   */
  creditCents: z.number().int().min(0).optional(),
  customer: z.object({ name: z.string().max(200), email: z.string().max(254) }),
  /** A payment-method id from the card form (Stripe Elements or the sandbox card form). */
  payment_method: z.string().trim().min(1).max(200),
  /** Or the Idempotency-Key header. Required by one of the two. */
  idempotencyKey: idempotencyKeySchema.optional(),
};

/** POST /api/payments/handle-payment */
export const handlePaymentRequest = z.discriminatedUnion('type', [
  z.object({
    ...paymentBase,
    type: z.literal('normal'),
    projectDetails: orderProjectDetailsSchema,
  }),
  z.object({
    ...paymentBase,
    type: z.literal('customQuote'),
    projectDetails: quoteProjectDetailsSchema,
  }),
]);
export type HandlePaymentRequest = z.input<typeof handlePaymentRequest>;

export const paymentSucceededResponse = z.object({
  success: z.literal(true),
  /** The payer's customer id at the payment provider in use ('' when withheld from a guest). */
  paymentCustomerId: z.string(),
  projectId: z.string(),
  paymentId: z.string(),
  /** The payment method now saved as the customer's default. */
  defaultPaymentMethodId: z.string(),
});
export const paymentRequiresActionResponse = z.object({
  success: z.literal(false),
  requiresAction: z.literal(true),
  /** Stripe: pass to stripe.handleNextAction; sandbox: POST /api/payments/sandbox/authenticate. */
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export const handlePaymentResponse = z.union([
  paymentSucceededResponse,
  paymentRequiresActionResponse,
]);
export type HandlePaymentResponse = z.infer<typeof handlePaymentResponse>;

/** POST /api/payments/confirm: after the customer completed 3-D Secure. */
export const confirmPaymentRequest = z.object({ paymentIntentId: z.string().min(1).max(200) });

/** POST /api/payments/sandbox/authenticate: the sandbox's stand-in for the 3-D Secure dialog. */
export const sandboxAuthenticateRequest = z.object({
  clientSecret: z.string().min(1).max(300),
  outcome: z.enum(['approve', 'fail']),
});
export const sandboxAuthenticateResponse = z.object({
  paymentIntentId: z.string(),
  status: z.enum(['succeeded', 'failed', 'requires_action']),
});

/** POST /api/users/update-payment-info (docs/product.md#api-calls). */
export const updatePaymentInfoRequest = z.object({
  userId: z.string().min(1).max(200),
  paymentCustomerId: z.string().min(1).max(200),
  defaultPaymentMethodId: z.string().min(1).max(200),
});
export type UpdatePaymentInfoRequest = z.infer<typeof updatePaymentInfoRequest>;
export const updatePaymentInfoResponse = z.object({
  success: z.literal(true),
  paymentInfo: z.object({ paymentCustomerId: z.string(), defaultPaymentMethodId: z.string() }),
});

/**
 * The coordinator choice of a first-time buyer who has none yet: the server assigns the
 * co-ordinator with the fewest open projects, or leaves the order waiting for staff to assign
 * one when the shop has none.
 */
export const ASSIGN_COORDINATOR = 'assign-for-me';
export const ASSIGN_COORDINATOR_LABEL = 'Not sure – assign one for me';

/** GET /api/users/coordinators */
export const coordinatorSchema = z.object({
  _id: z.string(),
  profile: z.object({ firstName: z.string(), lastName: z.string(), displayName: z.string() }),
});
export const coordinatorsResponse = z.array(coordinatorSchema);
export type Coordinator = z.infer<typeof coordinatorSchema>;

/** GET /api/users/coordinators/{id}: one co-ordinator, with the photo their clients see. */
export const coordinatorProfileSchema = z.object({
  _id: z.string(),
  profile: coordinatorSchema.shape.profile.extend({ profilePhotoUrl: z.string() }),
});
export type CoordinatorProfile = z.infer<typeof coordinatorProfileSchema>;

export const subscriptionStatuses = ['active', 'past_due', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Payment overdue',
  paused: 'Paused',
  cancelled: 'Cancelled',
};
/** A subscription's change to a cheaper package, waiting for the next renewal (decision 100). */
export const pendingPlanChangeSchema = z.object({
  packageTitle: z.string(),
  /** Each period's charge from then on, GST included. */
  amountCents: z.number().int(),
  /** The renewal it takes effect at (ISO 8601). */
  effectiveAt: z.string(),
});
export type PendingPlanChange = z.infer<typeof pendingPlanChangeSchema>;

export const subscriptionSchema = z.object({
  _id: z.string(),
  projectId: z.string(),
  /** The package it charges for now. */
  packageTitle: z.string(),
  status: z.enum(subscriptionStatuses),
  interval: z.enum(recurringIntervals),
  /** Cents including GST, charged each interval. */
  amountCents: z.number().int(),
  currency: z.string(),
  nextChargeAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Paused (docs/product.md#pausing-a-plan): the day it resumes by itself, or null: until resumed. */
  pausedAt: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  /** Whether its client (an Owner or Billing person) may pause it; staff always may. */
  clientsMayPause: z.boolean(),
  /** Declined tries of the period due (docs/product.md#recurring-packages); 0 when none. */
  declines: z.number().int(),
  /**
   * The last decline of the period due, and the next try (null once past due: none until a new
   * card is given); null when the period has no decline.
   */
  lastDecline: z
    .object({ at: z.string().nullable(), reason: z.string(), nextTryAt: z.string().nullable() })
    .nullable(),
  /** A downgrade the next renewal applies ('Changes to Starter on 1 Dec'); null: none. */
  pendingChange: pendingPlanChangeSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/projects/{id}/payments: the project's charges, each with its tax invoice. */
/** A refund made against a payment (docs/product.md#refunds). */
/** Where a refund goes: the card it came from, or the client company's account credit. */
export const refundDestinations = ['card', 'credit'] as const;
export type RefundDestination = (typeof refundDestinations)[number];

export const refundSchema = z.object({
  _id: z.string(),
  to: z.enum(refundDestinations),
  amountCents: z.number().int(),
  gstCents: z.number().int(),
  currency: z.string(),
  status: z.enum(refundStatuses),
  reason: z.enum(refundReasons),
  note: z.string(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  /** Who refunded it; '' for one made in the payment provider's own dashboard. */
  createdByName: z.string(),
  /** The adjustment note's number ('AN-0001'). */
  noteNumber: z.string(),
  /** GET it with the bearer token (application/pdf), once the refund went through. */
  noteUrl: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** POST /api/projects/{id}/payments/{paymentId}/refunds */
export const refundPaymentRequest = z
  .object({
    /** Dollars, at most two decimals, up to what is left of the payment. */
    amount: moneyAmountCents('The refund amount'),
    reason: z.enum(refundReasons, { error: 'Please choose a reason for the refund' }),
    note: z.string().trim().max(500, 'The note can be at most 500 characters').default(''),
    /** For a recurring order: stop its renewals too. */
    cancelSubscription: z.boolean().default(false),
    /**
     * 'card': back to the card the payment came from; 'credit': as the client company's account
     * credit, spent first on its next charge (docs/decisions/107).
     */
    to: z.enum(refundDestinations).default('card'),
    idempotencyKey: idempotencyKeySchema,
  })
  .refine((body) => body.reason !== 'other' || body.note.length > 0, {
    path: ['note'],
    message: 'Please say why, when the reason is Other',
  });
export type RefundPaymentRequest = z.input<typeof refundPaymentRequest>;

export const projectPaymentSchema = z.object({
  _id: z.string(),
  /** The order the charge belongs to ('Order 1001'). */
  orderNumber: z.number().int(),
  /** 'balance': the rest of a quote after its deposit (docs/decisions/070-quote-deposits.md). */
  kind: z.enum(['order', 'renewal', 'balance', 'bill', 'plan_change']),
  amountCents: z.number().int(),
  gstCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  invoiceNumber: z.string(),
  /** GET it with the bearer token: application/pdf. */
  invoiceUrl: z.string(),
  /** What a discount code took off this charge, before GST (its invoice's discount line); 0 without one. */
  discountCents: z.number().int(),
  /** Refunds made against it, oldest first, and what is left to refund. */
  refunds: z.array(refundSchema),
  refundableCents: z.number().int(),
  /** What account credit paid of it (docs/decisions/107), and what is left to refund to the card. */
  creditCents: z.number().int(),
  cardRefundableCents: z.number().int(),
});
export const projectPaymentsResponse = z.array(projectPaymentSchema);
export type ProjectPayment = z.infer<typeof projectPaymentSchema>;

/**
 * The handle-payment body for a service order, from what the payment page holds
 * (docs/product.md#payment-page: the navigation state's service, packageDetails and
 * selectedExtras). Prices are the catalogue's dollars; the amount is computed as the server will
 * check it.
 */
export function orderPaymentRequest(input: {
  service: { _id: string; title: string };
  package: {
    _id?: string;
    title: string;
    type: PackageType;
    baseCost: number;
    recurringCost: number;
  };
  extras: { _id: string; title: string; price: number }[];
  coordinatorId: string;
  customer: { name: string; email: string };
  companyName: string;
  contactNumber: string;
  paymentMethodId: string;
  idempotencyKey: string;
  /** A code the buyer applied, with what it takes off (POST /api/discount-codes/check). */
  discount?: { code: string; discount: Discount } | null;
  /** The account credit the page showed paying part of it (`orderCreditCents`). */
  creditCents?: number;
}): HandlePaymentRequest {
  const price = priceOrderWithDiscount(
    {
      type: input.package.type,
      baseCostCents: toCents(input.package.baseCost),
      recurringCostCents: toCents(input.package.recurringCost),
    },
    input.extras.map((e) => toCents(e.price)),
    input.discount?.discount ?? null,
  );
  return {
    amount: price.grandTotalCents,
    ...(input.creditCents ? { creditCents: input.creditCents } : {}),
    customer: input.customer,
    payment_method: input.paymentMethodId,
    type: 'normal',
    idempotencyKey: input.idempotencyKey,
    projectDetails: {
      serviceId: input.service._id,
      packageId: input.package._id,
      packageTitle: input.package.title,
      extras: input.extras.map((e) => ({ _id: e._id })),
      coordinator: input.coordinatorId,
      companyName: input.companyName,
      contactNumber: input.contactNumber,
      ...(input.discount ? { discountCode: input.discount.code } : {}),
    },
  };
}

/** The handle-payment body for a custom quote (GET /api/quotes/{id} gives value in dollars). */
export function quotePaymentRequest(input: {
  quote: {
    _id: string;
    name: string;
    value: number;
    depositPercent: number | null;
    depositAmount: number | null;
    depositPaid: boolean;
  };
  userId: string;
  coordinatorId: string;
  customer: { name: string; email: string };
  companyName: string;
  contactNumber: string;
  paymentMethodId: string;
  idempotencyKey: string;
  /** The account credit the page showed paying part of it (`orderCreditCents`). */
  creditCents?: number;
}): HandlePaymentRequest {
  const { price } = quoteDueNow(quoteTermsOf(input.quote), input.quote.depositPaid);
  return {
    amount: price.totalWithGstCents,
    ...(input.creditCents ? { creditCents: input.creditCents } : {}),
    customer: input.customer,
    payment_method: input.paymentMethodId,
    type: 'customQuote',
    idempotencyKey: input.idempotencyKey,
    projectDetails: {
      quoteId: input.quote._id,
      quoteName: input.quote.name,
      amountWithGST: price.totalWithGstCents / 100,
      userId: input.userId,
      coordinatorId: input.coordinatorId,
      companyName: input.companyName,
      contactNumber: input.contactNumber,
    },
  };
}

/** 'Continue as guest': who orders when they are not signed in (docs/product.md#guest-checkout). */
export const guestDetailsSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name').max(100),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100),
  email: emailAddress,
  phoneNumber: z.string().trim().min(1, 'Enter your phone number').pipe(australianPhone),
});
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

/**
 * POST /api/payments/guest-checkout: a service order, or a proposal sent to an email alone
 * (docs/product.md#proposal-page), with the guest's details.
 */
export const guestCheckoutRequest = z.discriminatedUnion('type', [
  handlePaymentRequest.options[0].extend({ guest: guestDetailsSchema }),
  handlePaymentRequest.options[1].extend({ guest: guestDetailsSchema }),
]);
export type GuestCheckoutRequest = z.input<typeof guestCheckoutRequest>;

export const guestCheckoutResponse = z.object({
  /** 'created': this request made the account that holds the order; once it is paid, `token`
   * signs the guest in (null while the bank's check is pending) and an email lets them set a
   * password. 'existing': the email had an account already; the
   * order waits for its owner, who adds it with the link mailed to that address. */
  account: z.enum(['created', 'existing']),
  token: z.string().nullable(),
  payment: handlePaymentResponse,
});

/**
 * POST /api/payments/guest-confirm: a guest's order after the bank's check. `token` signs the
 * guest in only when the checkout made (or took over) the account and the payment is now paid;
 * otherwise it is null and every id of `payment` is blank.
 */
export const guestConfirmResponse = z.object({
  token: z.string().nullable(),
  payment: paymentSucceededResponse,
});

/** POST /api/payments/claim-order: the mailed link that adds a guest's order to the account. */
export const claimOrderRequest = z.object({ token: z.string().min(20).max(200) });
export const claimOrderResponse = z.object({
  projectId: z.string(),
  /** For an account without a password or sign-in provider: a token to choose one with. */
  passwordToken: z.string().nullable(),
  /** The link was used before: the order is in the account already, nothing changed now. */
  alreadyClaimed: z.boolean(),
});
export type ClaimOrderResponse = z.infer<typeof claimOrderResponse>;

/**
 * The page a declined renewal's mail links to (docs/product.md#a-new-card-for-a-declined-renewal):
 * what the subscription charges, where its tries stand and the card on file, no sign-in.
 */
export const renewalCardSchema = z.object({
  _id: z.string(),
  serviceTitle: z.string(),
  packageTitle: z.string(),
  orderNumber: z.number().int(),
  /** The period's charge, GST included. */
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(subscriptionStatuses),
  /** The period the charge is for: it starts on this day. */
  periodFrom: z.string(),
  declines: z.number().int(),
  lastDecline: z
    .object({ at: z.string().nullable(), reason: z.string(), nextTryAt: z.string().nullable() })
    .nullable(),
  /** The card on file now, as its brand and last four digits. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type RenewalCard = z.infer<typeof renewalCardSchema>;

/** The link's signature and expiry, as the mailed address carries them. */
export const renewalCardLink = z.object({
  e: z.coerce.number().int().positive(),
  t: z.string().trim().min(1).max(200),
});

export const saveRenewalCardRequest = z.object({
  e: z.number().int().positive(),
  t: z.string().trim().min(1).max(200),
  paymentMethodId: z.string().trim().min(1, 'Enter your card').max(200),
});

export const saveRenewalCardResponse = z.object({
  message: z.string(),
  /** The page's link for the new card: the mailed one is spent once a card is saved. */
  link: z.object({ e: z.number().int(), t: z.string() }),
});
export type SaveRenewalCardResponse = z.infer<typeof saveRenewalCardResponse>;

/** The latest day a pause may run to: six months from today (docs/product.md#pausing-a-plan). */
export const PAUSE_MAX_DAYS = 183;

/** POST …/subscription/pause: until a day (the business's calendar), or until resumed. */
export const pauseSubscriptionRequest = z.object({
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date like 2027-01-31')
    .nullable()
    .default(null),
});
