import { z } from 'zod';
import { orderMoneySchema } from './order-money.ts';

/**
 * The staff overview (docs/product.md#overview): latest sales, newest customers, and revenue for
 * today, this week (from Monday) and this month in the business time zone.
 */
export const overviewSaleSchema = z.object({
  id: z.string(),
  /** The service title, or the quote name of a custom quote. */
  title: z.string(),
  /** 'Project' links to sales/edit/{id}; anything else (CustomQuote) to custom-sales/edit/{id}. */
  type: z.string(),
  /** When the order was placed (ISO 8601). */
  date: z.string(),
  /** The sale's display total before GST in dollars (the data shape's; screens show `money`). */
  totalPrice: z.number(),
  /** What was paid, refunded and kept, and each renewal (order-money.ts). */
  money: orderMoneySchema,
});
export type OverviewSale = z.infer<typeof overviewSaleSchema>;

export const overviewClientSchema = z.object({
  _id: z.string(),
  profile: z.object({ displayName: z.string(), firstName: z.string(), lastName: z.string() }),
  /** The display name, or first and last name when there is none (displayNameOf in user.ts). */
  name: z.string(),
  createdAt: z.string(),
});
export type OverviewClient = z.infer<typeof overviewClientSchema>;

export const revenuePeriodSchema = z.object({
  /** Money received in the period, GST included, in dollars (2 decimals). */
  totalSales: z.number(),
  /** Orders (projects and paid custom quotes) placed in the period. */
  totalOrders: z.number(),
  /** The period's start and end (exclusive), ISO 8601. */
  from: z.string(),
  to: z.string(),
});
export type RevenuePeriod = z.infer<typeof revenuePeriodSchema>;

export const overviewSchema = z.object({
  salesData: z.array(overviewSaleSchema),
  /** Open orders waiting for staff to assign a co-ordinator (the shop had none), oldest first. */
  needsCoordinator: z.array(overviewSaleSchema),
  clients: z.array(overviewClientSchema),
  revenue: z.object({
    today: revenuePeriodSchema,
    week: revenuePeriodSchema,
    month: revenuePeriodSchema,
    /** The IANA time zone the periods are measured in (BUSINESS_TIMEZONE). */
    timeZone: z.string(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;

export const OVERVIEW_LATEST_SALES = 10;
export const OVERVIEW_NEW_CLIENTS = 10;

/**
 * GET /api/overview/setup: what stops a real agency from trading, for admins and super-admins.
 * Each item says whether it is done and, when not, what to change.
 */
export const setupItemSchema = z.object({
  id: z.enum(['coordinators', 'abn', 'payments', 'email', 'reply-by-email', 'legal', 'sign-in']),
  title: z.string(),
  done: z.boolean(),
  /** What is wrong and how to fix it, or what is in place. */
  detail: z.string(),
  /** Where to fix it in the dashboard, when it is fixed there (else a setting to change). */
  href: z.string().nullable(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;
export const setupChecklistSchema = z.array(setupItemSchema);
