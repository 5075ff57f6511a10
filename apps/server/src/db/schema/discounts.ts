import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { paymentAttempts } from './payments.ts';
import { users } from './users.ts';

/**
 * Discount codes and their uses (modules/discounts, docs/decisions/069-discount-codes.md).
 */

/** Discount codes staff make (docs/product.md#discount-codes). Never deleted: archived. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    /** As staff typed it; `codeKey` is its lower case, unique, which buyers' codes are matched on. */
    code: text('code').notNull(),
    codeKey: text('code_key').notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    percent: integer('percent'),
    /** Before GST. */
    amountCents: integer('amount_cents'),
    /** Empty: every service. */
    serviceIds: jsonb('service_ids').$type<string[]>().notNull().default([]),
    duration: text('duration').$type<'first_payment' | 'every_renewal'>().notNull(),
    /** Local dates in BUSINESS_TIMEZONE, inclusive. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** The first payment before GST must reach this. */
    minimumOrderCents: integer('minimum_order_cents'),
    active: boolean('active').notNull().default(true),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('discount_codes_key_unique').on(t.codeKey)],
);

/**
 * A checkout's use of a discount code, taken with its payment attempt under the code's lock: the
 * use counts while the attempt is not failed, so a declined or abandoned checkout gives it back.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: id(),
    codeId: text('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    attemptId: text('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    /** Off the first payment, before GST. */
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_attempt_unique').on(t.attemptId),
    index('discount_redemptions_code_idx').on(t.codeId, t.userId),
  ],
);
