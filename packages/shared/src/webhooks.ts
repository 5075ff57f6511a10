import { z } from 'zod';
import { recurringIntervals } from './intervals.ts';

/**
 * Webhooks (docs/product.md#webhooks, docs/decisions/073-webhooks.md): the events the agency's
 * other tools can hear about, and what staff send and read on the Webhooks screen. Deliveries
 * follow Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature` headers,
 * and a JSON body `{ type, timestamp, data }`.
 */
export const webhookEventTypes = [
  'order.paid',
  'order.refunded',
  'quote.paid',
  'subscription.renewed',
  'subscription.payment_failed',
  'subscription.canceled',
  'subscription.changed',
  'subscription.paused',
  'subscription.resumed',
  'project.status_changed',
  'project.assigned',
  'message.created',
  'deliverable.approved',
  'deliverable.changes_requested',
  'brief.submitted',
  'customer.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'request.created',
  'request.status_changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'order.paid': 'An order or a quote’s part is paid',
  'order.refunded': 'A payment is refunded',
  'quote.paid': 'A custom quote is paid in full',
  'subscription.renewed': 'A subscription period is charged',
  'subscription.payment_failed': 'A subscription charge is declined',
  'subscription.canceled': 'A subscription is cancelled',
  'subscription.changed':
    'A subscription moves to another package: an upgrade at once, a downgrade at its renewal',
  'subscription.paused': 'A subscription is paused: no charges until it resumes',
  'subscription.resumed': 'A paused subscription resumes, its next charge moved on by the pause',
  'project.status_changed': 'A project’s status changes (in progress, on hold, completed…)',
  'project.assigned': 'A project is assigned to a co-ordinator',
  'message.created': 'A message on a project (never the team’s internal notes)',
  'deliverable.approved': 'The customer approves a deliverable',
  'deliverable.changes_requested': 'The customer asks for changes to a deliverable',
  'brief.submitted': 'The customer sends a project’s brief (its requirements)',
  'customer.created':
    'A customer account is made: a sign-up, a provider’s sign-in, a guest’s order, an invitation or an invoice to a new address',
  'invoice.sent': 'Staff send an invoice (or send it again)',
  'invoice.paid': 'An invoice is paid: by card, or marked paid by staff',
  'invoice.overdue': 'An unpaid invoice passes its due date',
  'request.created': 'A client submits a request under a request plan (it starts or queues)',
  'request.status_changed':
    'A request moves between Queued, In progress, In review and Done (or is cancelled)',
};

/** The version of the payloads' shape, sent with each (`version`): a change to it gets a new one. */
export const WEBHOOK_PAYLOAD_VERSION = '2026-11-26';

const URL_MESSAGE = 'Enter the full address of your endpoint, starting with https://';

/** POST/PUT /api/webhooks: an endpoint as staff add or change it. */
export const webhookEndpointRequest = z.object({
  url: z
    .string()
    .trim()
    .min(1, URL_MESSAGE)
    .max(2000, 'The address is too long')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username;
      } catch {
        return false;
      }
    }, URL_MESSAGE),
  description: z.string().trim().max(500).default(''),
  events: z
    .array(z.enum(webhookEventTypes, { message: 'Choose events from the list' }))
    .min(1, 'Choose at least one event'),
});
export type WebhookEndpointRequest = z.input<typeof webhookEndpointRequest>;

export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  /** Set when deliveries kept failing (or staff turned it off), with why. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer that made an endpoint or rotated its secret: the only one with it, shown once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  _id: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/*
 * What each event's `data` holds (docs/product.md#webhooks): the OpenAPI document publishes these
 * as components, one per event, under WEBHOOK_PAYLOAD_VERSION; the API tests check every delivery
 * they receive against them. A field added is the same version; a field renamed, removed or
 * changed in meaning is a new version.
 */
const id = (what: string) => z.string().describe(what);
const cents = (what: string) => z.number().int().describe(`${what}, in cents`);

const orderFields = {
  projectId: id('The order (a project) it concerns'),
  orderNumber: z.number().int().describe('The order number customers see'),
  order: z.string().describe("The order's name as customers read it ('Order 1042')"),
  customerId: id('The customer who placed it'),
  customerEmail: z.string().describe('Where the order’s mail goes'),
  service: z.string().describe('The service (or custom quote) ordered'),
  package: z.string().describe('The package chosen; empty for a custom quote'),
};
const paymentFields = {
  paymentId: id('The payment'),
  paymentKind: z.string().describe("What it paid: 'order', 'deposit', 'balance', 'renewal'…"),
  amountCents: cents('What was charged, GST included'),
  gstCents: cents('The GST in it'),
  currency: z.string().describe('ISO 4217, upper case (AUD)'),
};
const subscriptionFields = {
  ...orderFields,
  subscriptionId: id('The subscription'),
  interval: z.enum(recurringIntervals).describe('How often it renews'),
  amountCents: cents('Each period’s charge'),
  currency: z.string().describe('ISO 4217, upper case (AUD)'),
  status: z
    .string()
    .describe("The subscription's status now: 'active', 'past_due', 'paused', 'cancelled'"),
};
const projectRef = {
  projectId: id('The order (a project) it concerns'),
  orderNumber: z.number().int().describe('The order number customers see'),
};
const deliverableDecision = z.object({
  ...projectRef,
  deliverableId: id('The version of the deliverable decided on'),
  name: z.string(),
  version: z.number().int(),
  by: z.string().describe('The customer’s name'),
});

/** What every invoice.* event says of the invoice: amounts in cents, GST included. */
const invoiceEvent = z.object({
  invoiceId: id('The invoice'),
  number: z.string().describe("'B-0007'"),
  customerId: id('The customer it is for'),
  email: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  dueCents: z.number().int().describe('Still to pay'),
  dueDate: z.string().describe('YYYY-MM-DD, the business’s day'),
});

/** What every request.* event says of the request (a project of its plan, docs/decisions/091). */
const requestEvent = z.object({
  requestId: id('The request'),
  projectId: id('The same id: a request is a project, with its own workspace'),
  orderNumber: z.number().int().describe('The order number customers see'),
  order: z.string().describe("The order's name as customers read it ('Order 1042')"),
  title: z.string().describe('The title the client gave it'),
  planId: id('The request plan (the plan’s order) it was submitted under'),
  companyId: id('The client company').nullable(),
  customerId: id('The person who submitted it'),
  state: z
    .enum(['queued', 'in-progress', 'in-review', 'done', 'cancelled'])
    .describe('Its state now'),
  queuePlace: z
    .number()
    .int()
    .nullable()
    .describe('Its place in the queue (1 is next) while queued'),
});

export const webhookEventData = {
  'order.paid': z.object({ ...orderFields, ...paymentFields }),
  'order.refunded': z.object({
    ...z.object(orderFields).partial().shape,
    refundId: id('The refund'),
    paymentId: id('The payment refunded'),
    amountCents: cents('What was given back, GST included'),
    gstCents: cents('The GST in it'),
    currency: z.string(),
    reason: z.string(),
  }),
  'quote.paid': z.object({
    ...orderFields,
    ...paymentFields,
    quoteId: id('The custom quote now paid in full'),
  }),
  'subscription.renewed': z.object({
    ...subscriptionFields,
    paymentId: id('The renewal’s payment'),
    periodFrom: z.string().describe('When the period paid for starts (ISO 8601)'),
  }),
  'subscription.payment_failed': z.object({
    ...subscriptionFields,
    reason: z.string().describe('Why the charge was declined'),
    failures: z.number().int().describe('Declines in a row so far'),
    pastDue: z.boolean().describe('No retry is left: the subscription is past due'),
  }),
  'subscription.canceled': z.object({
    ...subscriptionFields,
    canceledBy: z.enum(['customer', 'staff']),
  }),
  'subscription.changed': z.object({
    ...subscriptionFields,
    package: z.string().describe('The package the subscription is on now'),
    amountCents: cents('Each period’s charge on the new package, GST included'),
    previousPackage: z.string().describe('The package before the change'),
    previousAmountCents: cents('Each period’s charge before the change'),
    takesEffect: z
      .enum(['now', 'next-renewal'])
      .describe(
        "'now': an upgrade (or a package of the same price), from the moment it was asked for; 'next-renewal': a downgrade, from the renewal that just charged it",
      ),
    proratedCents: cents(
      'Charged for the rest of the period at the change, GST included; 0 for a downgrade or when waived',
    ),
    waived: z.boolean().describe('Staff waived the prorated charge'),
    paymentId: id('The prorated charge’s payment').nullable(),
    changedBy: z
      .enum(['customer', 'staff', 'renewal'])
      .describe("Who changed it; 'renewal' when a waiting downgrade took effect"),
  }),
  'subscription.paused': z.object({
    ...subscriptionFields,
    pausedUntil: z
      .string()
      .nullable()
      .describe('The day it resumes by itself (YYYY-MM-DD), or null: until someone resumes it'),
    pausedBy: z.enum(['customer', 'staff']),
  }),
  'subscription.resumed': z.object({
    ...subscriptionFields,
    nextChargeAt: z.string().describe('The next charge, moved on by the time paused (ISO 8601)'),
    resumedBy: z.enum(['customer', 'staff', 'schedule']),
  }),
  'project.status_changed': z.object({
    ...projectRef,
    from: z.string().describe("The status before ('active', 'on-hold', 'completed'…)"),
    to: z.string().describe('The status now'),
  }),
  'project.assigned': z.object({
    ...projectRef,
    coordinatorId: id('The co-ordinator now').nullable(),
    previousCoordinatorId: id('The co-ordinator before').nullable(),
  }),
  'message.created': z.object({
    ...projectRef,
    messageId: id('The message'),
    side: z.enum(['customer', 'team']),
    authorName: z.string(),
    text: z.string(),
    attachments: z.number().int().describe('How many files it carries'),
    via: z.string().describe("'web' or 'email' (a reply by email)"),
    deliverable: z
      .object({ id: z.string(), name: z.string(), version: z.number().int() })
      .nullable()
      .describe('Set when the message sends a deliverable'),
  }),
  'deliverable.approved': deliverableDecision,
  'deliverable.changes_requested': deliverableDecision.extend({
    changes: z.string().describe('What the customer asks to change'),
  }),
  'brief.submitted': z.object({
    ...projectRef,
    order: z.string().describe("The order's name as customers read it ('Order 1042')"),
    customerId: id('The customer who placed the order'),
    authorId: id('Who sent the brief: the customer, or a teammate of their company'),
    authorName: z.string(),
    briefId: id('This brief entry (a project may get several)'),
    first: z.boolean().describe('The project’s first brief'),
    text: z.string(),
    answers: z
      .array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() }))
      .describe('The answers to the service’s intake questions, in the first brief only'),
    attachments: z.number().int().describe('How many files it carries'),
  }),
  'customer.created': z.object({
    customerId: id('The new account'),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().describe('Empty when none was given'),
    via: z
      .enum(['email', 'google', 'facebook', 'apple', 'guest-checkout', 'invitation', 'invoice'])
      .describe(
        "How it was made: a sign-up, a provider's sign-in, a guest's order (made before its payment is tried), a teammate's invitation to a client company accepted with a new account, or an invoice staff made for an email without an account",
      ),
    createdAt: z.string().describe('ISO 8601'),
  }),
  'invoice.sent': invoiceEvent,
  'invoice.paid': invoiceEvent.extend({
    paymentId: id('The payment that paid it'),
    method: z.enum(['card', 'bank_transfer', 'cash']),
  }),
  'invoice.overdue': invoiceEvent,
  'request.created': requestEvent.extend({
    submittedBy: id('Who of the client company submitted it'),
  }),
  'request.status_changed': requestEvent.extend({
    from: z
      .enum(['queued', 'in-progress', 'in-review', 'done', 'cancelled'])
      .describe('Its state before'),
  }),
} satisfies Record<WebhookEventType, z.ZodObject>;

/** The body of every delivery of `type`: `{ type, timestamp, version, data }`. */
export function webhookPayloadSchema<T extends WebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: z.string().describe('When it happened (ISO 8601)'),
    version: z.literal(WEBHOOK_PAYLOAD_VERSION).describe('The version of the payload’s shape'),
    data: webhookEventData[type],
  });
}
