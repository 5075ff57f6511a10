import { and, desc, eq, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditLog, projects, users } from '../../db/schema.ts';
import { decodeCursor } from '../../lib/cursor.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** What the audit log screen and its CSV are filtered by (docs/decisions/055). */
export interface AuditLogFilter {
  actorId?: string;
  /** Only these actions; `exceptActions`, all but these (the 'Other' kind). */
  actions?: readonly string[];
  exceptActions?: readonly string[];
  /** Local dates (YYYY-MM-DD, inclusive) in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
  /** The next page starts after this cursor's entry (newest first); 400 for a bad one. */
  cursor?: string;
}

function logFilters(q: AuditLogFilter): SQL[] {
  const filters: SQL[] = [];
  if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId));
  if (q.actions) filters.push(inArray(auditLog.action, [...q.actions]));
  if (q.exceptActions) filters.push(notInArray(auditLog.action, [...q.exceptActions]));
  if (q.from) {
    filters.push(sql`${auditLog.createdAt} >= (${q.from}::timestamp at time zone ${q.timeZone})`);
  }
  if (q.to) {
    filters.push(
      sql`${auditLog.createdAt} < ((${q.to}::timestamp + interval '1 day') at time zone ${q.timeZone})`,
    );
  }
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    filters.push(
      or(
        sql`${auditLog.createdAt} < ${c.createdAt}::timestamptz`,
        and(sql`${auditLog.createdAt} = ${c.createdAt}::timestamptz`, lt(auditLog.id, c.id)),
      )!,
    );
  }
  return filters;
}

export interface AuditActor {
  id: string;
  displayName: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface AuditEntry {
  actorId: string | null;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string;
  subjectUserId?: string | null;
  summary: string;
  data?: Record<string, unknown>;
  /** The caller's address (request.ip); '' for what no request did. */
  ip: string;
  /**
   * The API key the actor's integration called with (docs/decisions/075-api-keys.md); null for a
   * person signed in, or work no request did. Required, so no entry forgets to say.
   */
  apiKey: { id: string; name: string } | null;
}

export function createAuditRepository(db: Db) {
  return {
    async record({ apiKey, ...entry }: AuditEntry, tx: Db = db) {
      await tx.insert(auditLog).values({
        ...entry,
        data: entry.data ?? {},
        apiKeyId: apiKey?.id ?? null,
        apiKeyName: apiKey?.name ?? '',
      });
    },

    async listForEntity(entityType: string, entityId: string, limit = 100) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.createdAt))
        .limit(limit);
    },

    /**
     * What was done to a customer and their projects, newest first; for a co-ordinator
     * (`assignedTo`), without the entries of projects assigned to someone else.
     */
    async listForSubject(userId: string, limit = 100, assignedTo: string | null = null) {
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.subjectUserId, userId),
            assignedTo
              ? sql`(${auditLog.entityType} <> 'project' or exists (select 1 from ${projects} p where p.id = ${auditLog.entityId} and p.coordinator_id = ${assignedTo}))`
              : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt))
        .limit(limit);
    },

    /**
     * A page of the whole log, newest first. Each row carries its exact created_at as text
     * (microseconds; a JS Date would round to milliseconds and make the next page skip rows).
     */
    async listPage(filter: AuditLogFilter, limit: number) {
      const filters = logFilters(filter);
      return db
        .select({
          entry: auditLog,
          cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(auditLog)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
    },

    /**
     * Everyone who has done something the log holds, with their name now (the log keeps the name
     * at the time). The distinct actors are found by skipping along `audit_log_actor_idx`, one
     * index probe per person, not by reading every entry.
     */
    async listActors(): Promise<AuditActor[]> {
      return rowsOf(
        await db.execute(sql`
          with recursive a(id) as (
            (select actor_id from ${auditLog} where actor_id is not null order by actor_id limit 1)
            union all
            select (select actor_id from ${auditLog} where actor_id > a.id order by actor_id limit 1)
            from a where a.id is not null
          )
          select u.id, u.display_name as "displayName", u.first_name as "firstName",
                 u.last_name as "lastName", u.email
          from a join ${users} u on u.id = a.id`),
      );
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

export function toAuditDto(row: typeof auditLog.$inferSelect) {
  return {
    _id: row.id,
    actorName: row.actorName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  };
}
