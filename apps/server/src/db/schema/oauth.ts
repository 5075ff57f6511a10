import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Sign-in with Google, Facebook and Apple (modules/oauth).
 */

export type OAuthProviderName = 'google' | 'facebook' | 'apple';

/** A provider identity linked to a user: users are found by (provider, subject), never by email. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: id(),
    provider: text('provider').$type<OAuthProviderName>().notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider gave when the link was made (for staff to see; not a key). */
    email: text('email').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_subject_unique').on(t.provider, t.subject),
    uniqueIndex('oauth_accounts_user_provider_unique').on(t.userId, t.provider),
  ],
);

/**
 * One started sign-in: the state sent to the provider (only its hash is stored), the PKCE
 * verifier and nonce, and a hash of the browser cookie that binds it to the browser that began
 * it. Spent by the callback with a delete, so it works once, in any process.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').$type<OAuthProviderName>().notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * A provider identity waiting to be linked to an existing account with the same email
 * (docs/decisions/040): single use, short-lived, only a hash stored.
 */
export const oauthLinkTickets = pgTable(
  'oauth_link_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    provider: text('provider').$type<OAuthProviderName>().notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'password': the person signs in with the account's password; 'email': a mailed link. */
    method: text('method').$type<'password' | 'email'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_link_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * The one-time code an OAuth sign-in hands the browser in /auth-success?code= instead of a
 * token: short-lived, spent by its exchange, and bound to the browser that began the sign-in
 * by a cookie, so a link crafted by someone else signs nobody in. Only hashes are stored.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_codes_expires_idx').on(t.expiresAt)],
);
