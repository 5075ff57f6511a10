import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Sign-in: sessions, the mailbox proof and password reset links, and two-factor sign-in
 * (modules/auth, docs/product.md#two-factor-sign-in, docs/decisions/062).
 */

/** One row per sign-in; logout deletes it, so a token ends on the server. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The links that prove an account’s mailbox (decision 088): single use, by hash only, and for
 * the address they were mailed to (a changed email makes them void).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_hash_unique').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

/** Single-use reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A user's authenticator (TOTP, RFC 6238). The secret is stored encrypted (lib/secrets.ts
 * `createSecretBox`): a copy of the database alone does not give anyone codes. `enabledAt` is
 * null while set-up waits for its first code. `lastTimeStep` is the time-step of the last code
 * accepted: a code of that step or an earlier one is refused, so a code works once.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Ten single-use recovery codes per user; only SHA-256 hashes are stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * The ticket a right password earns when a second step is due: 'code' asks for a code, 'setup'
 * (staff who must have two-factor and have none) for setting it up. Short-lived, single use,
 * only a hash stored; it is not a sign-in token and opens nothing else.
 */
export const twoFactorTickets = pgTable(
  'two_factor_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'code' | 'setup'>().notNull(),
    /** The staff 'Remember Me' of the password step, carried to the token the ticket earns. */
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_tickets_expires_idx').on(t.expiresAt)],
);

/** 'Remember this device for 30 days': a browser cookie whose hash is kept here, for one user. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trusted_devices_user_idx').on(t.userId),
    index('trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

/** Settings of the staff area that super-admins change: one row. */
export const staffSettings = pgTable(
  'staff_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** Every staff account must sign in with a second step (set it up at the next sign-in). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('staff_settings_one_row', sql`${t.id}`)],
);
