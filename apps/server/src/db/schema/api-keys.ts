import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * Staff members' keys for integrations (modules/api-keys, docs/decisions/075-api-keys.md).
 */

/**
 * A staff member's key for an integration (docs/decisions/075-api-keys.md): only its SHA-256 is
 * kept (the key is 256 random bits, so a fast hash is enough), with its first characters to tell
 * it apart. It carries some of its creator's permissions; every call is also cut to what the
 * creator's role has then. Revoked keys stay, for the audit log's sake.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    createdById: text('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_unique').on(t.keyHash),
    index('api_keys_created_by_idx').on(t.createdById, t.createdAt),
  ],
);
