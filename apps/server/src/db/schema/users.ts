import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Role } from '@noise/shared/roles';
import { id, createdAt, updatedAt } from './columns.ts';

/**
 * The people who sign in: customers and staff (modules/users).
 */

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('client'),
    isOAuth: boolean('is_oauth').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    contactNumber: text('contact_number').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profilePhotoUrl: text('profile_photo_url').notNull().default(''),
    /** The customer's id at the payment provider in use (PAYMENT_PROVIDER), once one was made. */
    paymentCustomerId: text('payment_customer_id'),
    defaultPaymentMethodId: text('default_payment_method_id'),
    /** Notification kinds the user does not want an email copy of. */
    emailOptOut: jsonb('email_opt_out').$type<string[]>().notNull().default([]),
    /** Staff who asked for the morning email of their overdue and due-today work (off by default). */
    dailySummary: boolean('daily_summary').notNull().default(false),
    /**
     * The idempotency key of the guest checkout that made this account: a repeat of that very
     * checkout (a double submit) places its order like the first, not as a stranger's.
     */
    guestCheckoutKey: text('guest_checkout_key'),
    /** Raised on password change, role change, reset and deletion: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Part of the signature of every reply address made for this person (inbound-mail): raised
     * with tokenVersion, it revokes the reply addresses in all the mail they were sent
     * (docs/decisions/061-authenticated-replies.md).
     */
    replyKeyVersion: integer('reply_key_version').notNull().default(0),
    /**
     * When the person proved they read this address (a mailed link, a reset, a claimed order, an
     * invitation, or a provider that verified it); null until then. An account whose address is
     * unproven may buy for itself but not change a team or its sign-in (decision 088).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_role_idx').on(t.role, t.createdAt),
  ],
);
