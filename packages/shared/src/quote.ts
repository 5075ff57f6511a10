import { z } from 'zod';
import { EMAIL_MESSAGE } from './fields.ts';
import { DEFAULT_DELIVERY_DAYS, deliveryDaysSchema } from './due-dates.ts';
import { intakeQuestionsSchema, savedQuestionSchema } from './intake.ts';
import { formatMoney, gstNotes, priceQuote, toCents } from './pricing.ts';

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
  /** Its deposit, if it asks for one: a percentage of the value, or an amount before GST. */
  depositPercent: z.number().int().nullable(),
  depositAmount: z.number().nullable(),
  /** The deposit went through (the project started); the balance may then be requested. */
  depositPaid: z.boolean(),
  balanceRequested: z.boolean(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/** A quote's price and, when it asks for a deposit, the deposit's and the balance's, in cents. */
export interface QuotePart {
  totalCents: number;
  gstCents: number;
  totalWithGstCents: number;
}

/**
 * What a quote charges (docs/decisions/070-quote-deposits.md): the whole price, or its deposit
 * first and the balance later. GST is worked out on the whole and on the deposit, and the
 * balance is the difference, so the two payments add up to the quote to the cent.
 */
export function quoteParts(quote: {
  valueCents: number;
  depositPercent: number | null;
  depositCents: number | null;
}): { total: QuotePart; deposit: QuotePart | null; balance: QuotePart | null } {
  const total = priceQuote(quote.valueCents);
  const depositBeforeGst =
    quote.depositPercent !== null
      ? Math.round((quote.valueCents * quote.depositPercent) / 100)
      : quote.depositCents;
  if (depositBeforeGst === null || depositBeforeGst <= 0 || depositBeforeGst >= quote.valueCents) {
    return { total, deposit: null, balance: null };
  }
  const deposit = priceQuote(depositBeforeGst);
  return {
    total,
    deposit,
    balance: {
      totalCents: total.totalCents - deposit.totalCents,
      gstCents: total.gstCents - deposit.gstCents,
      totalWithGstCents: total.totalWithGstCents - deposit.totalWithGstCents,
    },
  };
}

export type QuotePartKind = 'whole' | 'deposit' | 'balance';

/**
 * What paying a quote charges now: the whole quote, its deposit, or, once the deposit went
 * through, its balance. The payment page and the server both ask this.
 */
export function quoteDueNow(
  quote: { valueCents: number; depositPercent: number | null; depositCents: number | null },
  depositPaid: boolean,
): { kind: QuotePartKind; price: QuotePart } {
  const parts = quoteParts(quote);
  if (!parts.deposit) return { kind: 'whole', price: parts.total };
  return depositPaid
    ? { kind: 'balance', price: parts.balance! }
    : { kind: 'deposit', price: parts.deposit };
}

/** The deposit terms of a quote as the API gives it (dollars), in cents. */
export function quoteTermsOf(quote: {
  value: number;
  depositPercent: number | null;
  depositAmount: number | null;
}) {
  return {
    valueCents: toCents(quote.value),
    depositPercent: quote.depositPercent,
    depositCents: quote.depositAmount === null ? null : toCents(quote.depositAmount),
  };
}

/** 'Deposit (30%)' or 'Deposit': how invoices, mails and pages name the first part. */
export function depositLabel(quote: { depositPercent: number | null }): string {
  return quote.depositPercent !== null ? `Deposit (${quote.depositPercent}%)` : 'Deposit';
}

/** The least each part can charge (a card payment's minimum), inc. GST. */
export const MIN_PART_CENTS = 50;

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

const twoDecimals = (v: number) => Math.round(v * 100) === Number((v * 100).toFixed(6));

/** The quote form's deposit: none, a whole percentage, or an amount in dollars before GST. */
export const quoteDepositInput = z.object({
  kind: z.enum(['none', 'percent', 'amount']),
  value: z.number({ message: 'Deposit must be a number' }).finite('Deposit must be a number'),
});
export type QuoteDepositInput = z.infer<typeof quoteDepositInput>;

/** The deposit columns a form's deposit stands for (null, null without one). */
export function depositTermsOf(deposit: QuoteDepositInput): {
  depositPercent: number | null;
  depositCents: number | null;
} {
  if (deposit.kind === 'percent') return { depositPercent: deposit.value, depositCents: null };
  if (deposit.kind === 'amount')
    return { depositPercent: null, depositCents: toCents(deposit.value) };
  return { depositPercent: null, depositCents: null };
}

/** Why a deposit cannot be asked for with this price, or null when it can. */
export function depositProblem(deposit: QuoteDepositInput, value: number): string | null {
  if (deposit.kind === 'none') return null;
  if (deposit.kind === 'percent') {
    if (!Number.isInteger(deposit.value) || deposit.value < 1 || deposit.value > 99) {
      return 'Deposit percentage must be a whole number from 1 to 99';
    }
  } else {
    if (deposit.value <= 0) return 'Deposit must be more than zero';
    if (!twoDecimals(deposit.value)) return 'Deposit can have at most 2 decimals';
    if (deposit.value >= value) return 'Deposit must be less than the price';
  }
  const parts = quoteParts({ valueCents: toCents(value), ...depositTermsOf(deposit) });
  if (
    !parts.deposit ||
    parts.deposit.totalWithGstCents < MIN_PART_CENTS ||
    parts.balance!.totalWithGstCents < MIN_PART_CENTS
  ) {
    return `The deposit and the balance must each be at least ${formatMoney(MIN_PART_CENTS)} ${gstNotes.inc}`;
  }
  return null;
}

/** POST/PUT /api/quotes: the custom quote form (docs/product.md#custom-quotes), in dollars. */
const quoteFields = z.object({
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
    .refine(twoDecimals, 'Price can have at most 2 decimals'),
  /** A part paid first (docs/decisions/070-quote-deposits.md); the balance when staff ask. */
  deposit: quoteDepositInput.default({ kind: 'none', value: 0 }),
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
export const quoteRequest = quoteFields.superRefine((quote, ctx) => {
  const problem = depositProblem(quote.deposit, quote.value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['deposit', 'value'] });
});
export type QuoteRequest = z.input<typeof quoteRequest>;

/** A customer a quote can be for: GET /api/quotes/recipients and a quote's `customer`. */
export const quoteCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type QuoteCustomer = z.infer<typeof quoteCustomerSchema>;

export const quoteStates = ['Draft', 'Sent', 'Viewed', 'Deposit paid', 'Paid'] as const;
export type QuoteState = (typeof quoteStates)[number];

/**
 * Where a quote is, and since when: Paid once paid (its balance too), else Deposit paid, else
 * Viewed once the customer opened its page, else Sent once mailed, else Draft (with no date).
 */
export function quoteStateOf<T>(dates: {
  paidAt: T | null;
  depositPaidAt: T | null;
  viewedAt: T | null;
  sentAt: T | null;
}): { state: QuoteState; at: T | null } {
  if (dates.paidAt !== null) return { state: 'Paid', at: dates.paidAt };
  if (dates.depositPaidAt !== null) return { state: 'Deposit paid', at: dates.depositPaidAt };
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
  depositPaidAt: z.string().nullable(),
  balanceRequestedAt: z.string().nullable(),
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
