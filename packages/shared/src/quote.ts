import { z } from 'zod';
import { EMAIL_MESSAGE } from './fields.ts';
import { DEFAULT_DELIVERY_DAYS, deliveryDaysSchema } from './due-dates.ts';
import { intakeQuestionsSchema, savedQuestionSchema } from './intake.ts';
import { formatMoney, toCents } from './pricing.ts';

/** GET /api/quotes/{id} on the customer payment page (/custom-quote/{id}). Value in dollars. */
export const publicQuoteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** What the customer reads about the quote (never the staff's internal notes). */
  summary: z.string(),
  deliverables: z.string(),
  extras: z.string(),
  /** Price before GST, in dollars (docs/product.md#data-shapes). */
  value: z.number(),
  /** Working days from the brief to delivery once paid (docs/decisions/054). */
  deliveryDays: z.number().int(),
  /** A quote is paid once; the page shows that instead of the form. */
  paid: z.boolean(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/** Deliverables and extras are comma-separated text shown one per line. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const MAX_QUOTE_DOLLARS = 10_000_000;
const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ message: EMAIL_MESSAGE }));

/** POST/PUT /api/quotes: the custom quote form (docs/product.md#custom-quotes), in dollars. */
export const quoteRequest = z.object({
  name: z.string().trim().min(1, 'Give the quote a name').max(200),
  summary: z.string().trim().max(5000).default(''),
  internalNotes: z.string().trim().max(5000).default(''),
  deliverables: z.string().trim().max(5000).default(''),
  extras: z.string().trim().max(5000).default(''),
  deliveryDays: deliveryDaysSchema.default(DEFAULT_DELIVERY_DAYS),
  /** What the brief of the project it becomes asks (docs/decisions/058). */
  intakeQuestions: intakeQuestionsSchema.default([]),
  value: z
    .number({ message: 'Price must be a number' })
    .finite('Price must be a number')
    .positive('Price must be more than zero')
    .min(0.01, `Price must be at least ${formatMoney(1)}`)
    .max(MAX_QUOTE_DOLLARS, `Price must be at most ${formatMoney(toCents(MAX_QUOTE_DOLLARS))}`)
    .refine(
      (v) => Math.round(v * 100) === Number((v * 100).toFixed(6)),
      'Price can have at most 2 decimals',
    ),
  /** Who it is for: a customer's account, whose email the server takes as the recipient... */
  customerId: z.string().trim().min(1).max(64).nullable().default(null),
  /** ...or, without one, an email address alone ('' while the quote is for no one yet). */
  recipientEmail: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || emailAddress.safeParse(v).success, EMAIL_MESSAGE)
    .default(''),
});
export type QuoteRequest = z.input<typeof quoteRequest>;

/** A customer a quote can be for: GET /api/quotes/recipients and a quote's `customer`. */
export const quoteCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type QuoteCustomer = z.infer<typeof quoteCustomerSchema>;

export const quoteStates = ['Draft', 'Sent', 'Viewed', 'Paid'] as const;
export type QuoteState = (typeof quoteStates)[number];

/**
 * Where a quote is, and since when: Paid once paid, else Viewed once the customer opened its
 * page, else Sent once mailed, else Draft (with no date).
 */
export function quoteStateOf<T>(dates: {
  paidAt: T | null;
  viewedAt: T | null;
  sentAt: T | null;
}): { state: QuoteState; at: T | null } {
  if (dates.paidAt !== null) return { state: 'Paid', at: dates.paidAt };
  if (dates.viewedAt !== null) return { state: 'Viewed', at: dates.viewedAt };
  if (dates.sentAt !== null) return { state: 'Sent', at: dates.sentAt };
  return { state: 'Draft', at: null };
}

/** A quote in the staff list (docs/product.md#data-shapes: Custom quote). */
export const quoteSchema = publicQuoteSchema.extend({
  /** Staff only. */
  internalNotes: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The sale it became, once paid. */
  projectId: z.string().nullable(),
  /** The customer's account it is for, if any. */
  customer: quoteCustomerSchema.nullable(),
  /** Where 'Send to customer' mails the link ('' when it is for no one yet). */
  recipientEmail: z.string(),
  state: z.enum(quoteStates),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The currency the customer pays the quote in. */
  currency: z.string(),
  intakeQuestions: z.array(savedQuestionSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * POST /api/quotes/{id}/send: email the payment link to the quote's recipient, or to `email`,
 * which then becomes the recipient.
 */
export const sendQuoteRequest = z.object({
  email: emailAddress.optional(),
});
export type SendQuoteRequest = z.infer<typeof sendQuoteRequest>;
