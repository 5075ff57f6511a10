import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate limits and counters kept in the database (lib/rate-counter-repository.ts, decision 006).
 */

/**
 * Hits per key in a fixed window, shared by every process on the database
 * (apps/server/src/lib/rate-counter-repository.ts): requests per address, failed sign-ins per account.
 * The key is a hash: neither addresses nor identifiers as typed are stored.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    keyHash: text('key_hash').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_expires_idx').on(t.expiresAt)],
);
