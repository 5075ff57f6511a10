import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CompanyRole } from '@noise/shared/company';
import { id, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Client companies: the people of a client and their roles (modules/companies,
 * docs/product.md#client-companies).
 */

/**
 * A client. Every customer belongs to one (the database makes one for each new customer, named
 * '' until someone names it: the name shown is then the owner's company name or their name).
 */
export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
});

/** A customer's place in their company: one company per person, with a role. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').$type<CompanyRole>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId),
    check('company_members_role', sql`${t.role} in ('owner', 'member', 'billing')`),
  ],
);

/**
 * 'Invite a teammate': a single-use link (only its hash is kept) that expires. One open
 * invitation per email and company; accepting or withdrawing it closes it.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<CompanyRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: text('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_invitations_token_idx').on(t.tokenHash),
    uniqueIndex('company_invitations_open_idx')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
    check('company_invitations_role', sql`${t.role} in ('owner', 'member', 'billing')`),
  ],
);
