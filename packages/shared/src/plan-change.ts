import { z } from 'zod';
import { localDate } from './dates.ts';
import { idempotencyKeySchema } from './payments.ts';
import { withGst } from './pricing.ts';
import { recurringIntervals } from './intervals.ts';

/**
 * Changing a subscription's package (docs/product.md#changing-a-plan, docs/decisions/100): an
 * upgrade takes effect now and charges the rest of the current period at the difference, to the
 * day; a downgrade waits for the next renewal. The server prices both with `quotePlanChange`
 * (modules/payments/change-plan.ts) over these functions; the browser only shows what it answers.
 */

/** The days a plan change is prorated over, counted on the business's calendar. */
export interface PlanDays {
  /** Days from today to the day of the next charge: today is the new package's first. */
  daysLeft: number;
  /** Days of the whole current period. */
  periodDays: number;
}

const DAY_MS = 86_400_000;

/** Whole days from one local date (YYYY-MM-DD) to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The current period's days and those left of it at `now`, on the calendar of `timeZone`
 * (BUSINESS_TIMEZONE): a period that ends at 1 am on the 25th in Sydney ends on the 25th, whatever
 * the hour in UTC.
 */
export function planDays(
  now: Date,
  periodStart: Date,
  nextChargeAt: Date,
  timeZone: string,
): PlanDays {
  const end = localDate(nextChargeAt, timeZone);
  const periodDays = Math.max(daysBetween(localDate(periodStart, timeZone), end), 1);
  const daysLeft = Math.min(Math.max(daysBetween(localDate(now, timeZone), end), 0), periodDays);
  return { daysLeft, periodDays };
}

/**
 * What an upgrade charges now: the difference of the two packages' charges per period before
 * GST, for the days left of the period (rounded half up to the cent), then GST on that, rounded
 * once as every charge is (`withGst`). Nothing for a cheaper or equal package.
 */
export function prorateUpgrade(
  fromBeforeGstCents: number,
  toBeforeGstCents: number,
  days: PlanDays,
): { beforeGstCents: number; amountCents: number; gstCents: number } {
  const difference = toBeforeGstCents - fromBeforeGstCents;
  if (difference <= 0 || days.daysLeft <= 0) {
    return { beforeGstCents: 0, amountCents: 0, gstCents: 0 };
  }
  const beforeGstCents = Math.floor(
    (2 * difference * days.daysLeft + days.periodDays) / (2 * days.periodDays),
  );
  const amountCents = withGst(beforeGstCents);
  return { beforeGstCents, amountCents, gstCents: amountCents - beforeGstCents };
}

/** When a change takes effect: an upgrade (or a package of the same price) now, a downgrade at the next renewal. */
export const planChangeTimings = ['now', 'next-renewal'] as const;

/** One package a plan may change to, priced as the change would charge it now. */
export const planChangeQuoteSchema = z.object({
  packageId: z.string(),
  packageTitle: z.string(),
  features: z.array(z.string()),
  takesEffect: z.enum(planChangeTimings),
  /** The package's charge per period from the change on, GST included. */
  amountCents: z.number().int(),
  /** Charged today to the card on file (0 for a downgrade, or when staff waive it), GST included. */
  dueTodayCents: z.number().int(),
  dueTodayGstCents: z.number().int(),
  /**
   * What the company's account credit pays of `dueTodayCents` (docs/decisions/107); the card on
   * file is charged the rest.
   */
  creditCents: z.number().int(),
  /** The days of the current period the charge today covers, of how many. */
  daysLeft: z.number().int(),
  periodDays: z.number().int(),
  /** The next renewal: when, and what it charges (the new package's amount). */
  nextChargeAt: z.string(),
  nextChargeCents: z.number().int(),
  currency: z.string(),
});
export type PlanChangeQuote = z.infer<typeof planChangeQuoteSchema>;

/** GET /api/projects/{id}/subscription/plans: what the plan may change to, each priced. */
export const planChangeOptionsSchema = z.object({
  packageTitle: z.string(),
  amountCents: z.number().int(),
  interval: z.enum(recurringIntervals),
  /** Why the plan cannot change now (cancelled, overdue, a change pending…); null: it can. */
  refusal: z.string().nullable(),
  options: z.array(planChangeQuoteSchema),
});
export type PlanChangeOptions = z.infer<typeof planChangeOptionsSchema>;

/** POST /api/projects/{id}/subscription/change */
export const changePlanRequest = z.object({
  packageId: z
    .string({ error: 'packageId: Choose the package to change to' })
    .trim()
    .min(1, 'packageId: Choose the package to change to')
    .max(200),
  /** Staff only: change now without charging the prorated difference (audited). */
  waiveProration: z.boolean().default(false),
  /**
   * The 'Due today' the preview showed, in cents: when the server's figure differs (a day
   * passed, a price changed) the change is refused and nothing is charged.
   */
  expectedDueTodayCents: z.number().int().min(0).optional(),
  /** The account credit the preview showed paying part of it: refused in the same way. */
  expectedCreditCents: z.number().int().min(0).optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type ChangePlanRequest = z.input<typeof changePlanRequest>;
