import { z } from 'zod';

/** GET /api/quotes/{id} on the customer payment page (/custom-quote/{id}). Value in dollars. */
export const publicQuoteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
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
