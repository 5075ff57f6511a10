import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * What staff keep about a customer (modules/customers).
 */

export const internalNotes = pgTable(
  'internal_notes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('internal_notes_user_idx').on(t.userId, t.createdAt)],
);

/** Single-use reset tokens; only a SHA-256 of the token is stored. */
