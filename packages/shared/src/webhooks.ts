import { z } from 'zod';

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
  'project.status_changed',
  'project.assigned',
  'message.created',
  'deliverable.approved',
  'deliverable.changes_requested',
  'brief.submitted',
  'customer.created',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'order.paid': 'An order or a quote’s part is paid',
  'order.refunded': 'A payment is refunded',
  'quote.paid': 'A custom quote is paid in full',
  'subscription.renewed': 'A subscription period is charged',
  'subscription.payment_failed': 'A subscription charge is declined',
  'subscription.canceled': 'A subscription is cancelled',
  'project.status_changed': 'A project’s status changes (in progress, on hold, completed…)',
  'project.assigned': 'A project is assigned to a co-ordinator',
  'message.created': 'A message on a project (never the team’s internal notes)',
  'deliverable.approved': 'The customer approves a deliverable',
  'deliverable.changes_requested': 'The customer asks for changes to a deliverable',
  'brief.submitted': 'The customer sends a project’s brief (its requirements)',
  'customer.created': 'A customer account is made: a sign-up, a provider’s sign-in or a guest’s order',
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
  /** Only in the answer that made it or rotated it: shown once. */
  secret: z.string().optional(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

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
