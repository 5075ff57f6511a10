import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Sales rollups (docs/decisions/059-sales-rollups.md, modules/sales-rollups)
// Money received (succeeded payments) and orders placed (projects), summed ahead of time so the
// overview and the reports read a few rows however many sales there are. Triggers on payments
// and projects (migration 0018) keep them in the same transaction as every change; no code
// writes them. `coordinator_id` is '' for sales nobody is assigned to: a key column cannot be
// null.

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Per UTC quarter hour and co-ordinator: every local day in every zone is whole quarters. */
export const salesQuarterHours = pgTable(
  'sales_quarter_hours',
  {
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    coordinatorId: text('coordinator_id').notNull(),
    salesCents: cents('sales_cents'),
    gstCents: cents('gst_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.startsAt, t.coordinatorId] })],
);

/** Per local day (in `salesRollupZone`) and co-ordinator. */
export const salesDays = pgTable(
  'sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    coordinatorId: text('coordinator_id').notNull(),
    salesCents: cents('sales_cents'),
    gstCents: cents('gst_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.coordinatorId] })],
);

/** Per local day (in `salesRollupZone`) and the project's service title. */
export const serviceSalesDays = pgTable(
  'service_sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    serviceTitle: text('service_title').notNull(),
    salesCents: cents('sales_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.serviceTitle] })],
);

/**
 * Per local month and per local quarter (their first day, in `salesRollupZone`) and the project's
 * service title: the sums of `serviceSalesDays` by month and by quarter, so that Revenue by
 * Service reads a row per service and period for the whole months and quarters of its range
 * (docs/decisions/084-flat-reads-at-scale.md).
 */
export const serviceSalesMonths = pgTable(
  'service_sales_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    serviceTitle: text('service_title').notNull(),
    salesCents: cents('sales_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.serviceTitle] })],
);

export const serviceSalesQuarters = pgTable(
  'service_sales_quarters',
  {
    quarter: date('quarter', { mode: 'string' }).notNull(),
    serviceTitle: text('service_title').notNull(),
    salesCents: cents('sales_cents'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quarter, t.serviceTitle] })],
);

/** The one time zone the day rollups are kept in (the server's BUSINESS_TIMEZONE at start). */
export const salesRollupZone = pgTable(
  'sales_rollup_zone',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('sales_rollup_zone_one_row', sql`${t.id}`)],
);
