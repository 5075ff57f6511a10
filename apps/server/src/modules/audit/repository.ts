import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  actorId: string | null;
  actorName: string;
  action: string;
  entityType: string;
  entityId: string;
  subjectUserId?: string | null;
  summary: string;
  data?: Record<string, unknown>;
}

export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditEntry, tx: Db = db) {
      await tx.insert(auditLog).values({ ...entry, data: entry.data ?? {} });
    },

    async listForEntity(entityType: string, entityId: string, limit = 100) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.createdAt))
        .limit(limit);
    },

    async listForSubject(userId: string, limit = 100) {
      return db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectUserId, userId))
        .orderBy(desc(auditLog.createdAt))
        .limit(limit);
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
