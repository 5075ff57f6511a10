import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The audit log (modules/audit).
 */

/** Who changed a status, a price, a role, a card or a note, and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The customer the change concerns, so their page can show it. */
    subjectUserId: text('subject_user_id'),
    summary: text('summary').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The address the request came from; empty for work no request started (a job). */
    ip: text('ip').notNull().default(''),
    /** The API key the actor's integration called with, and its name then (docs/decisions/075). */
    apiKeyId: text('api_key_id'),
    apiKeyName: text('api_key_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // The audit log screen pages newest first, by person and by kind (docs/decisions/055).
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_subject_idx').on(t.subjectUserId, t.createdAt),
  ],
);
