import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../../lib/ids.ts';

/** The columns most tables share (db/schema/*.ts). */

export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => newId());
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Order of a child row within its parent (gallery, packages, items...). */
export const position = () => integer('position').notNull().default(0);
