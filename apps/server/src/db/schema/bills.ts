import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BillLine } from '@noise/shared/bills';
import { id, createdAt, updatedAt } from './columns.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Staff invoices (modules/bills, docs/decisions/093-staff-invoices.md).
 */

/**
 * An invoice staff write for anything (docs/decisions/093-staff-invoices.md): lines, a due date
 * and a note, for a customer's account (a guest customer is made for an email alone). Its
 * figures come from its lines (`billMoney`, packages/shared/src/bills.ts) and what was paid of
 * it from its payment records (`payments.bill_id`), never from a stored total or flag: a bill
 * is paid by a card payment, a mark of a transfer or cash, and later by account credit alike.
 * Lines change only while it is a draft; sending, voiding and reminders only set their dates.
 */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    /** 'B-0001': a sequence of its own, never reused. */
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1 }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lines: jsonb('lines').$type<BillLine[]>().notNull(),
    note: text('note').notNull().default(''),
    /** The business's day it is due (YYYY-MM-DD). */
    dueDate: text('due_date').notNull(),
    currency: text('currency').notNull(),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedById: text('voided_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reminders mailed: before the due date, and after it (overdue). */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedAfterAt: timestamp('reminded_after_at', { withTimezone: true }),
    /**
     * Set on an extra request a client bought for their request plan (the plan's project,
     * docs/product.md#extra-requests): once paid, it raises that period's cap by one.
     */
    requestPlanId: text('request_plan_id').references(() => projects.id, { onDelete: 'set null' }),
    /**
     * Kept by the database to find the bills still owed without reading every one (migration
     * 0056, docs/decisions/111): the total of the lines as `billMoney` makes it, and what its
     * payments less their reversals come to as `billPaid` counts it (triggers on payments and
     * refunds). Screens still take a bill's figures from `billFigures` over its payments.
     */
    totalCents: integer('total_cents').generatedAlwaysAs(sql`bill_total_cents("lines")`),
    paidCents: integer('paid_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bills_number_unique').on(t.number),
    index('bills_created_idx').on(t.createdAt, t.id),
    index('bills_customer_idx').on(t.customerId, t.createdAt),
    index('bills_request_plan_idx')
      .on(t.requestPlanId)
      .where(sql`${t.requestPlanId} is not null`),
    // Reporting's invoices by age: the sent bills, not void, still owed.
    index('bills_outstanding_idx')
      .on(t.dueDate)
      .where(
        sql`${t.sentAt} is not null and ${t.voidedAt} is null and ${t.paidCents} < ${t.totalCents}`,
      ),
    // The reminders' daily pass: sent bills, neither void nor paid, by due date.
    index('bills_due_idx')
      .on(t.dueDate)
      .where(sql`${t.sentAt} is not null and ${t.voidedAt} is null`),
    check('bills_has_lines', sql`jsonb_array_length(${t.lines}) > 0`),
  ],
);
