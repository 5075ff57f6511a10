import { z } from 'zod';
import { endOfLocalDay } from './dates.ts';
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
  /** A requested balance's due date (YYYY-MM-DD, docs/product.md#deposits-on-custom-quotes). */
  balanceDueDate: z.string().nullable(),
  /** The order it became once paid (its first part), for its brief; null before. */
  projectId: z.string().nullable(),
  /** The proposal (docs/product.md#proposal-page): its terms, version and where it stands. */
  terms: z.string(),
  /** The version the customer reads; accepting names it, so an edited proposal is not signed blind. */
  version: z.number().int(),
  /** ISO time after which it cannot be accepted or paid; null while unsent and undated. */
  validUntil: z.string().nullable(),
  /** When it was sent (the proposal's date); null for a draft. */
  sentAt: z.string().nullable(),
  /** The customer's name when it is for an account; '' otherwise. */
  preparedFor: z.string(),
  preparedBy: z.string(),
  expired: z.boolean(),
  accepted: z
    .object({
      name: z.string(),
      at: z.string(),
      version: z.number().int(),
      hash: z.string(),
      /**
       * The staff member who recorded an acceptance the customer gave on paper; null when the
       * customer signed on the proposal page (docs/product.md#proposals).
       */
      recordedBy: z.string().nullable(),
    })
    .nullable(),
  declinedAt: z.string().nullable(),
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

/** Whether a 'Valid until' has passed. */
export function isExpired(validUntil: Date | string | null, now: Date = new Date()): boolean {
  if (validUntil === null) return false;
  return new Date(validUntil).getTime() <= now.getTime();
}

/** A proposal is valid for this many days from sending unless staff set its date. */
export const PROPOSAL_VALID_DAYS = 30;

/**
 * A balance asked for is due this many days later, on the business's calendar; the invoice
 * reminders' schedule then applies to it (docs/decisions/104-quote-balance-reminders.md).
 */
export const BALANCE_DUE_DAYS = 7;

/** The terms a new proposal starts with; staff may change them on the form. */
export const DEFAULT_PROPOSAL_TERMS = [
  'The price covers the scope described in this proposal. Work outside it is quoted separately.',
  'Work starts when the proposal is accepted and the first payment (the deposit, or the whole price) is received.',
  'Delivery times are working days from receiving your brief. Delays in feedback or materials move the delivery date.',
  'Two rounds of revisions are included on each deliverable.',
  'Where a deposit applies, the balance is due when the work is ready, before final files are handed over.',
  'Prices are in Australian dollars; GST is shown separately.',
].join('\n');

/**
 * What the customer signs (docs/decisions/077-proposals.md): the proposal as they read it. Kept
 * with the signature; its hash is printed on the signed PDF.
 */
export interface ProposalSnapshot {
  name: string;
  summary: string;
  deliverables: string;
  extras: string;
  deliveryDays: number;
  valueCents: number;
  depositPercent: number | null;
  depositCents: number | null;
  terms: string;
  version: number;
  validUntil: string | null;
  preparedFor: string;
  preparedBy: string;
  issuedAt: string | null;
  companyName: string;
  currency: string;
}

const SIGN_NAME_MESSAGE = 'Type your full name to sign';
const SIGNER_NAME_MESSAGE = 'Type the full name of who signed it';
const signerName = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(2, message)
    .max(200, 'The name can be at most 200 characters')
    .refine((v) => /\p{L}.*\p{L}/u.test(v), message);

/** POST /api/quotes/{id}/accept: 'Accept and sign' on the proposal page. */
export const acceptProposalRequest = z.object({
  /** The version the customer read; a proposal changed since is refused, not signed blind. */
  version: z.number().int().positive(),
  name: signerName(SIGN_NAME_MESSAGE),
  agreeToTerms: z.literal(true, { message: 'Tick the box to agree to the terms' }),
});
export type AcceptProposalRequest = z.input<typeof acceptProposalRequest>;

const NOTE_MESSAGE = 'Say how the customer accepted it';

/**
 * POST /api/quotes/{id}/record-acceptance: staff record an acceptance the customer gave on paper
 * (or otherwise outside the proposal page), with the version it accepts and how it was given.
 */
export const recordAcceptanceRequest = z.object({
  /** The version on the staff's screen: a proposal changed since is refused, as for the customer. */
  version: z.number().int().positive(),
  name: signerName(SIGNER_NAME_MESSAGE),
  note: z
    .string({ message: NOTE_MESSAGE })
    .trim()
    .min(1, NOTE_MESSAGE)
    .max(2000, 'The note can be at most 2000 characters'),
});
export type RecordAcceptanceRequest = z.input<typeof recordAcceptanceRequest>;

/** POST /api/quotes/{id}/decline: 'Decline', with an optional reason. */
export const declineProposalRequest = z.object({
  reason: z.string().trim().max(2000, 'The reason can be at most 2000 characters').default(''),
});
export type DeclineProposalRequest = z.input<typeof declineProposalRequest>;

const dateOnly = z.iso.date({ message: 'Choose a date' });

/** POST /api/quotes/{id}/extend: staff give an expired (or expiring) proposal a new date. */
export const extendProposalRequest = z.object({ validUntil: dateOnly });
export type ExtendProposalRequest = z.input<typeof extendProposalRequest>;

/**
 * The end of a 'Valid until' day, as the date input gives it ('2026-12-24'), in the business's
 * time zone: a proposal valid until the 24th can be accepted until midnight there.
 */
export function endOfValidDay(date: string, timeZone: string): Date {
  return endOfLocalDay(date, timeZone);
}

/** POST/PUT /api/quotes: the custom quote form (docs/product.md#proposals), in dollars. */
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
  /** What the customer agrees to when they accept (docs/decisions/077-proposals.md). */
  terms: z
    .string()
    .trim()
    .max(20_000, 'Terms can be at most 20,000 characters')
    .default(DEFAULT_PROPOSAL_TERMS),
  /** 'Valid until' as a date; null lets sending set it 30 days ahead. */
  validUntil: dateOnly.nullable().default(null),
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
const depositFits = (quote: z.output<typeof quoteFields>, ctx: z.RefinementCtx) => {
  const problem = depositProblem(quote.deposit, quote.value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['deposit', 'value'] });
};
export const quoteRequest = quoteFields.superRefine(depositFits);
export type QuoteRequest = z.input<typeof quoteRequest>;

/**
 * POST /api/quotes: the form's fields and, when staff turn a general question into a proposal
 * ('Turn into a quote', docs/product.md#ask-us-anything), the question it answers.
 */
export const createQuoteRequest = quoteFields
  .extend({ questionId: z.string().trim().min(1).max(64).nullable().default(null) })
  .superRefine(depositFits);
export type CreateQuoteRequest = z.input<typeof createQuoteRequest>;

/** A customer a quote can be for: GET /api/quotes/recipients and a quote's `customer`. */
export const quoteCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type QuoteCustomer = z.infer<typeof quoteCustomerSchema>;

export const quoteStates = [
  'Draft',
  'Sent',
  'Viewed',
  'Accepted',
  'Declined',
  'Expired',
  'Deposit paid',
  'Paid',
] as const;
export type QuoteState = (typeof quoteStates)[number];

/**
 * Where a quote is, and since when: Paid once paid (its balance too), else Deposit paid, else
 * Accepted once signed, else Declined, else Expired once its 'Valid until' passed, else Viewed
 * once the customer opened its page, else Sent once mailed, else Draft (with no date).
 */
export function quoteStateOf<T extends Date | string>(
  dates: {
    paidAt: T | null;
    depositPaidAt: T | null;
    acceptedAt: T | null;
    declinedAt: T | null;
    validUntil: T | null;
    viewedAt: T | null;
    sentAt: T | null;
  },
  now: Date = new Date(),
): { state: QuoteState; at: T | null } {
  if (dates.paidAt !== null) return { state: 'Paid', at: dates.paidAt };
  if (dates.depositPaidAt !== null) return { state: 'Deposit paid', at: dates.depositPaidAt };
  if (dates.acceptedAt !== null) return { state: 'Accepted', at: dates.acceptedAt };
  if (dates.declinedAt !== null) return { state: 'Declined', at: dates.declinedAt };
  if (isExpired(dates.validUntil, now)) return { state: 'Expired', at: dates.validUntil };
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
  acceptedAt: z.string().nullable(),
  declineReason: z.string(),
  /** How an acceptance recorded by staff was given, in their words; '' otherwise. */
  acceptanceNote: z.string(),
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
