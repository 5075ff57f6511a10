import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { IntakeQuestion } from '@noise/shared/intake';
import type { ProposalSnapshot } from '@noise/shared/quote';
import { id, createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Custom quotes and their proposals' signatures (modules/quotes).
 */

export const customQuotes = pgTable(
  'custom_quotes',
  {
    id: id(),
    name: text('name').notNull(),
    /** Shown to the customer on the quote's payment page and copied to the project. */
    summary: text('summary').notNull().default(''),
    /** Staff only: never in an answer a customer or an anonymous caller can get. */
    internalNotes: text('internal_notes').notNull().default(''),
    deliverables: text('deliverables').notNull().default(''),
    extras: text('extras').notNull().default(''),
    valueCents: integer('value_cents').notNull(),
    /**
     * A deposit paid first (docs/decisions/070-quote-deposits.md): a percentage of the value or an
     * amount before GST, at most one of them; neither means the whole quote is paid at once.
     */
    depositPercent: integer('deposit_percent'),
    depositCents: integer('deposit_cents'),
    /** Working days from the brief (or payment) to delivery, copied to the project when paid. */
    deliveryDays: integer('delivery_days').notNull().default(10),
    /** What the brief of the project it becomes asks (docs/decisions/058). */
    intakeQuestions: jsonb('intake_questions').$type<IntakeQuestion[]>().notNull().default([]),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    /** Who the quote is for: a customer's account, or (when null) `recipientEmail` alone. */
    customerId: text('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where 'Send to customer' mails the link; a customer's own address when `customerId` is set. */
    recipientEmail: text('recipient_email').notNull().default(''),
    /** The quote's states, each with its date: Draft (none set), Sent, Viewed, Paid. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A quote with a deposit: when it was paid (the project starts), and when staff asked for the balance. */
    depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
    balanceRequestedAt: timestamp('balance_requested_at', { withTimezone: true }),
    /**
     * A requested balance's due date, a calendar day of the business (docs/decisions/104), and
     * when its reminders were sent; asking for the balance again sets the date anew and clears them.
     */
    balanceDueDate: date('balance_due_date', { mode: 'string' }),
    balanceRemindedBeforeAt: timestamp('balance_reminded_before_at', { withTimezone: true }),
    balanceRemindedAfterAt: timestamp('balance_reminded_after_at', { withTimezone: true }),
    /** The proposal's terms, as the customer agrees to them (docs/decisions/077-proposals.md). */
    terms: text('terms').notNull().default(''),
    /** After it the proposal cannot be accepted or paid; set when sent (30 days) or by staff. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Bumped on each staff edit of what the customer reads: an acceptance names the one it signs. */
    version: integer('version').notNull().default(1),
    /** Accepted and signed (its record in `proposal_signatures`), or declined with a reason. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'custom_quotes_one_deposit',
      sql`${t.depositPercent} is null or ${t.depositCents} is null`,
    ),
    // The reminders' sweep reads only balances asked for and unpaid.
    index('custom_quotes_balance_due_idx')
      .on(t.balanceDueDate)
      .where(sql`${t.balanceDueDate} is not null and ${t.paidAt} is null`),
  ],
);

/**
 * A proposal's signature (docs/decisions/077-proposals.md): who accepted which version, when and
 * from where, with the content they saw and its hash. Written once, never changed: the signed PDF
 * is rendered from it, so a later edit of the quote cannot change what was signed.
 */
export const proposalSignatures = pgTable('proposal_signatures', {
  id: id(),
  quoteId: text('quote_id')
    .notNull()
    .unique()
    .references(() => customQuotes.id, { onDelete: 'restrict' }),
  version: integer('version').notNull(),
  signedName: text('signed_name').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  ip: text('ip').notNull(),
  /** The signed-in customer who signed, if any; a guest signs by the link. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  /**
   * Staff who recorded an acceptance the customer gave on paper (docs/decisions/077); null when
   * the customer signed on the proposal page. The name is kept as it was, as the audit log does.
   */
  recordedById: text('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
  recordedByName: text('recorded_by_name'),
  /** How the acceptance on paper was given, in the recording staff's words; staff only. */
  note: text('note').notNull().default(''),
  /** SHA-256 of `snapshot` as canonical JSON. */
  contentHash: text('content_hash').notNull(),
  snapshot: jsonb('snapshot').$type<ProposalSnapshot>().notNull(),
});
