import { z } from 'zod';

/** GET /api/quotes/{id} on the customer payment page (/custom-quote/{id}). Value in dollars. */
export const publicQuoteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** What the customer reads about the quote (never the staff's internal notes). */
  summary: z.string(),
  deliverables: z.string(),
  extras: z.string(),
  /** Price before GST, in dollars (SPEC.md section 3). */
  value: z.number(),
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

/** POST/PUT /api/quotes: the custom quote form (SPEC.md section 2). Price in dollars. */
export const quoteRequest = z.object({
  name: z.string().trim().min(1, 'Give the quote a name').max(200),
  summary: z.string().trim().max(5000).default(''),
  internalNotes: z.string().trim().max(5000).default(''),
  deliverables: z.string().trim().max(5000).default(''),
  extras: z.string().trim().max(5000).default(''),
  value: z
    .number({ message: 'Price must be a number' })
    .finite('Price must be a number')
    .positive('Price must be more than zero')
    .min(0.01, 'Price must be at least $0.01')
    .max(MAX_QUOTE_DOLLARS, `Price must be at most $${MAX_QUOTE_DOLLARS.toLocaleString('en-AU')}`)
    .refine(
      (v) => Math.round(v * 100) === Number((v * 100).toFixed(6)),
      'Price can have at most 2 decimals',
    ),
});
export type QuoteRequest = z.input<typeof quoteRequest>;

/** A quote in the staff list (SPEC.md section 3: Custom quote). */
export const quoteSchema = publicQuoteSchema.extend({
  /** Staff only. */
  internalNotes: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The sale it became, once paid. */
  projectId: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** POST /api/quotes/{id}/send: email the payment link to a customer. */
export const sendQuoteRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address' })),
});
