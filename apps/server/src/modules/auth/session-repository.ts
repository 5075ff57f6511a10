import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Role } from '@noise/shared/roles';
import { anyOf } from '../../db/any-of.ts';
import type { Db } from '../../db/client.ts';
import { companyMembers, sessions, users } from '../../db/schema.ts';

/**
 * Every signed-in request's session check, built once per database handle and prepared once per
 * connection (named): building it was a tenth of a read's time on the server (docs/performance.md).
 */
function activeSessionQuery(db: Db) {
  return db
    .select({
      userId: users.id,
      role: users.role,
      tokenVersion: users.tokenVersion,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      companyId: companyMembers.companyId,
      companyRole: companyMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_find_active');
}

export function createSessionRepository(db: Db) {
  let activeSession: ReturnType<typeof activeSessionQuery> | undefined;
  return {
    async create(userId: string, expiresAt: Date): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({ userId, expiresAt })
        .returning({ id: sessions.id });
      return row!.id;
    },

    async findActive(sessionId: string, userId: string) {
      activeSession ??= activeSessionQuery(db);
      const [row] = await activeSession.execute({ sessionId, userId });
      return row;
    },

    /** Of these sessions, the live ones, by id: whose they are, their role and token version. */
    async findActiveMany(sessionIds: readonly string[]) {
      const live = new Map<string, { userId: string; role: Role; tokenVersion: number }>();
      if (sessionIds.length === 0) return live;
      const rows = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          role: users.role,
          tokenVersion: users.tokenVersion,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(anyOf(sessions.id, [...sessionIds]), gt(sessions.expiresAt, sql`now()`)));
      for (const { sessionId, ...row } of rows) live.set(sessionId, row);
      return live;
    },

    async delete(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of the account but `keep` (the caller's own, when it is theirs). */
    async deleteAllOfUser(userId: string, keep?: string): Promise<string[]> {
      const rows = await db
        .delete(sessions)
        .where(
          keep
            ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    async deleteExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
