import { sql } from 'drizzle-orm';
import { boolean, check, customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The shop's own details and logo (modules/business-details, docs/decisions/090, 095).
 */

/** Bytes kept in the row (the shop's logo); PGlite answers a Uint8Array, `pg` a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The shop's own details as a super-admin saved them on the 'Business details' screen
 * (docs/decisions/090-business-details.md): one row, absent until the first save, while the
 * environment variables give them. Empty text is 'not set'.
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    id: boolean('id').primaryKey().default(true),
    companyName: text('company_name').notNull(),
    abn: text('abn').notNull().default(''),
    address: text('address').notNull().default(''),
    contactUrl: text('contact_url').notNull().default(''),
    supportEmail: text('support_email').notNull().default(''),
    brandColour: text('brand_colour').notNull().default(''),
    emailFooter: text('email_footer').notNull().default(''),
    privacyUrl: text('privacy_url').notNull().default(''),
    termsUrl: text('terms_url').notNull().default(''),
    /** The account a staff invoice may be paid into by transfer (docs/decisions/094). */
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankBsb: text('bank_bsb').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    /** When an unpaid invoice is reminded of: days before its due date, and after (0: never). */
    invoiceReminderDaysBefore: integer('invoice_reminder_days_before').notNull().default(3),
    invoiceReminderDaysAfter: integer('invoice_reminder_days_after').notNull().default(1),
    updatedAt: updatedAt(),
    updatedById: text('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('business_settings_one_row', sql`${t.id}`)],
);

/**
 * The shop's logo (docs/decisions/095-business-logo.md): one row, absent until a super-admin
 * uploads one. The PNG made of the upload, at most 600 × 200 px, is small enough to keep here,
 * where every process reads it and a PDF embeds it without a trip to the file store.
 */
export const businessLogo = pgTable(
  'business_logo',
  {
    id: boolean('id').primaryKey().default(true),
    png: bytea('png').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A hash of the PNG: the logo's address changes with it, so browsers may keep it forever. */
    version: text('version').notNull(),
    updatedAt: updatedAt(),
    updatedById: text('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('business_logo_one_row', sql`${t.id}`)],
);
