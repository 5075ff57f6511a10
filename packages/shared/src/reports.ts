import { z } from 'zod';
import { localDateSchema } from './dates.ts';

/** The staff reporting page (docs/product.md#reporting). Money in cents, GST included. */
export const reportGranularities = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof reportGranularities)[number];

export const revenueReportQuery = z.object({
  granularity: z.enum(reportGranularities).default('day'),
  /** Local dates in the business time zone, inclusive. Defaults: a sensible recent window. */
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
});
export type RevenueReportQuery = z.input<typeof revenueReportQuery>;

export const revenuePointSchema = z.object({
  /** The local date the period starts on (YYYY-MM-DD). */
  period: z.string(),
  salesCents: z.number().int(),
  gstCents: z.number().int(),
  orders: z.number().int(),
});
export const revenueReportSchema = z.object({
  timeZone: z.string(),
  granularity: z.enum(reportGranularities),
  from: z.string(),
  to: z.string(),
  series: z.array(revenuePointSchema),
  byService: z.array(
    z.object({ service: z.string(), salesCents: z.number().int(), orders: z.number().int() }),
  ),
  /** Discount codes' part of the range's paid orders, before GST (docs/product.md#discount-codes). */
  discountsGivenCents: z.number().int(),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const gstReportSchema = z.object({
  timeZone: z.string(),
  quarters: z.array(
    z.object({
      /** e.g. 'Jul–Sep 2026' */
      label: z.string(),
      from: z.string(),
      /** Money received less money refunded in the quarter, inc. GST. */
      salesCents: z.number().int(),
      /** Net GST: on sales less on adjustments. */
      gstCents: z.number().int(),
      /** Refunds made in the quarter, inc. GST. */
      refundedCents: z.number().int(),
      /** GST on the quarter's sales (tax invoices). */
      gstOnSalesCents: z.number().int(),
      /** GST given back by the quarter's refunds (adjustment notes). */
      gstAdjustmentsCents: z.number().int(),
    }),
  ),
});
export type GstReport = z.infer<typeof gstReportSchema>;

/** Limits so one request cannot ask for a million buckets. */
export const REPORT_MAX_POINTS = 400;

/** The outstanding invoices' ages, by days past their due date (docs/product.md#reporting). */
export const invoiceAgeBuckets = [
  { label: 'Not yet due', fromDays: -Infinity, toDays: 0 },
  { label: '1–30 days overdue', fromDays: 1, toDays: 30 },
  { label: '31–60 days overdue', fromDays: 31, toDays: 60 },
  { label: '61–90 days overdue', fromDays: 61, toDays: 90 },
  { label: 'Over 90 days overdue', fromDays: 91, toDays: Infinity },
] as const;

/** GET /api/reports/recurring: what the plans bring each month, what renews soon, what is owed. */
/** The movements of the monthly recurring figure, in the order Reporting lists them. */
export const mrrMovementKinds = [
  'new',
  'expansion',
  'contraction',
  'churned',
  'paused',
  'resumed',
] as const;
export type MrrMovementKind = (typeof mrrMovementKinds)[number];
export const mrrMovementLabels: Record<MrrMovementKind, string> = {
  new: 'New',
  expansion: 'Expansion',
  contraction: 'Contraction',
  churned: 'Churned',
  paused: 'Paused',
  resumed: 'Resumed',
};

export const recurringReportSchema = z.object({
  timeZone: z.string(),
  /** Every live plan's charge as a monthly amount (a week's is 52/12 of it), GST included. */
  monthly: z.object({
    cents: z.number().int(),
    gstCents: z.number().int(),
    plans: z.number().int(),
    /** Of them, past due: a renewal declined to its last try. */
    pastDue: z.number().int(),
    /** Paused plans, left out of the figure, and what they would bring a month. */
    paused: z.object({ plans: z.number().int(), cents: z.number().int() }),
  }),
  /**
   * How the monthly figure moved since the start of this month (in the business's time zone),
   * from the plans' change log (docs/decisions/108): opening + each movement = closing, which is
   * the figure above. Amounts are monthly, GST included; a movement that lowers it is negative.
   */
  movements: z.object({
    /** The month's first day, on the business's calendar (YYYY-MM-DD). */
    since: z.string(),
    openingCents: z.number().int(),
    closingCents: z.number().int(),
    items: z.array(
      z.object({
        kind: z.enum(mrrMovementKinds),
        label: z.string(),
        plans: z.number().int(),
        cents: z.number().int(),
        gstCents: z.number().int(),
      }),
    ),
  }),
  /** The renewals due in the next `days` days, soonest first (at most 50 listed). */
  renewals: z.object({
    days: z.number().int(),
    count: z.number().int(),
    totalCents: z.number().int(),
    items: z.array(
      z.object({
        projectId: z.string(),
        orderNumber: z.number().int(),
        client: z.string(),
        serviceTitle: z.string(),
        packageTitle: z.string(),
        at: z.string(),
        amountCents: z.number().int(),
      }),
    ),
  }),
  /** Sent, unpaid invoices by how long past due, with what is left to pay on them. */
  outstanding: z.object({
    totalCents: z.number().int(),
    count: z.number().int(),
    buckets: z.array(
      z.object({ label: z.string(), cents: z.number().int(), count: z.number().int() }),
    ),
  }),
});
export type RecurringReport = z.infer<typeof recurringReportSchema>;
