import { z } from 'zod';
import { localDateSchema } from './dates.ts';
import { permissions, type Permission } from './permissions.ts';

/**
 * API keys (docs/product.md#api-keys, docs/decisions/075-api-keys.md): a staff member's key for
 * an integration, sent as `Authorization: Bearer nk_live_…`. It carries some of its creator's
 * permissions, never more than the creator has at the time of each call, and may expire.
 */

/** What every key starts with, so a leaked one is recognisable (and scanners can find it). */
export const API_KEY_PREFIX = 'nk_live_';

/** What each permission lets a key do, as the 'Create API key' form offers it. */
export const permissionLabels: Record<Permission, string> = {
  'overview:read': 'The overview',
  'catalogue:manage': 'Services, pages, industries, company pages and uploads',
  'customers:manage': 'Customers, their details, card, notes and status updates',
  'sales:manage': 'Sales, their status and updates, subscriptions',
  'payments:refund': 'Refunding a payment',
  'quotes:manage': 'Custom quotes and their links',
  'invoices:manage': 'Invoices: making, sending, marking paid and voiding them',
  'site-users:manage': 'Site users, roles and reset links',
  'super-admins:manage': 'Super-admin accounts',
  'reporting:read': 'Reporting and the sales CSV export',
  'audit:read': 'The audit log and its CSV export',
  'two-factor:manage': 'Requiring and resetting two-factor sign-in',
  'webhooks:manage': 'Webhook endpoints and their deliveries',
  'settings:manage': 'The business details: ABN, address, contact and legal links',
};

export const API_KEY_NAME_MAX = 100;

/** POST /api/users/api-keys: a key for the caller. */
export const createApiKeyRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the key a name')
    .max(API_KEY_NAME_MAX, `A name can be at most ${API_KEY_NAME_MAX} characters`),
  permissions: z
    .array(z.enum(permissions, { message: 'Choose permissions from the list' }))
    .min(1, 'Choose at least one permission'),
  /**
   * The last day the key works (YYYY-MM-DD in the business time zone), or none: it works until
   * revoked.
   */
  expiresOn: localDateSchema.nullable().default(null),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters (`nk_live_AbC123`), to tell keys apart; never the whole key. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  /** Who made it: the key acts for them (a deleted member's keys go with them). */
  createdBy: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
  /** When it stops working; null when it never expires. */
  expiresAt: z.string().nullable(),
  /** When it was last used, to the minute; null before its first call. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer that made a key: the only one that carries the whole key, shown once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
