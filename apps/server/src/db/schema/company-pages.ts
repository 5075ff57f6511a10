import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The About column's pages as the shop wrote them (modules/company-pages).
 */

/** About Us, Terms of Service and the other pages of the About column, as the shop wrote them. */
export const companyPages = pgTable('company_pages', {
  /** One of the fixed pages of `@noise/shared/company-pages`. */
  slug: text('slug').primaryKey(),
  body: text('body').notNull(),
  updatedById: text('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedByName: text('updated_by_name').notNull().default(''),
  updatedAt: updatedAt(),
});
