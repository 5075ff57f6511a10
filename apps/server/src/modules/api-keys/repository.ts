import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Role } from '@noise/shared/roles';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key with the name of the staff member who made it. */
export interface ApiKeyListed {
  key: ApiKeyRow;
  creator: { id: string; displayName: string; firstName: string; lastName: string; email: string };
}

const listed = {
  key: apiKeys,
  creator: {
    id: users.id,
    displayName: users.displayName,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
};

/** API keys (docs/decisions/075-api-keys.md). */
export function createApiKeyRepository(db: Db) {
  return {
    /**
     * A key, stored by its hash; `expiresOn` is its last day in `timeZone`, so it stops at the
     * next midnight there.
     */
    async insert(
      values: Omit<typeof apiKeys.$inferInsert, 'expiresAt'>,
      expiry: { expiresOn: string; timeZone: string } | null,
    ) {
      const [row] = await db
        .insert(apiKeys)
        .values({
          ...values,
          expiresAt: expiry
            ? sql`(${expiry.expiresOn}::date + 1)::timestamp at time zone ${expiry.timeZone}`
            : null,
        })
        .returning();
      return row!;
    },

    /** Every key, or those `createdById` made; newest first. */
    async list(createdById?: string): Promise<ApiKeyListed[]> {
      return db
        .select(listed)
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.createdById))
        .where(createdById ? eq(apiKeys.createdById, createdById) : undefined)
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    async find(id: string): Promise<ApiKeyListed | undefined> {
      const [row] = await db
        .select(listed)
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.createdById))
        .where(eq(apiKeys.id, id));
      return row;
    },

    /** A key by the hash of what a caller sent, with its creator's role now. */
    async findByHash(keyHash: string) {
      const [row] = await db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          permissions: apiKeys.permissions,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
          lastUsedAt: apiKeys.lastUsedAt,
          creatorId: users.id,
          creatorRole: users.role,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.createdById))
        .where(eq(apiKeys.keyHash, keyHash));
      return row && { ...row, creatorRole: row.creatorRole as Role };
    },

    /** Revokes a key not yet revoked; undefined when there is none such. */
    async revoke(id: string, at: Date) {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return row;
    },

    /** Records a use, at most once a minute per key (one write, usually of nothing). */
    async touch(id: string, at: Date) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - 60_000))),
          ),
        );
    },
  };
}
export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
