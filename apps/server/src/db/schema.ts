/**
 * Every table, re-exported from the file of the module that owns it (`db/schema/<area>.ts`): the
 * one place the repositories, the client and drizzle-kit (`drizzle.config.ts`) read the schema
 * from. A new table goes in its module's file, or a new file listed here.
 */
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/oauth.ts';
export * from './schema/companies.ts';
export * from './schema/customers.ts';
export * from './schema/catalogue.ts';
export * from './schema/company-pages.ts';
export * from './schema/quotes.ts';
export * from './schema/bills.ts';
export * from './schema/projects.ts';
export * from './schema/payments.ts';
export * from './schema/payment-sandbox.ts';
export * from './schema/discounts.ts';
export * from './schema/jobs.ts';
export * from './schema/notifications.ts';
export * from './schema/messages.ts';
export * from './schema/files.ts';
export * from './schema/audit.ts';
export * from './schema/rate-limits.ts';
export * from './schema/sales-rollups.ts';
export * from './schema/webhooks.ts';
export * from './schema/api-keys.ts';
export * from './schema/business-details.ts';
