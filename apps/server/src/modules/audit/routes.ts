import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditPeopleSchema, auditQuery } from '@noise/shared/audit';
import { auditLogCsv, listAuditLog, listAuditPeople, type AuditLogDeps } from './audit-log.ts';

/**
 * The audit log screen (docs/decisions/055): read only. No route changes or removes an entry,
 * and the table's trigger refuses it anyway.
 */
export function registerAuditRoutes(
  app: FastifyInstance,
  deps: AuditLogDeps & { now: () => Date },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'audit:read' as const;
  const tags = ['audit'];

  r.get(
    '/api/audit',
    {
      config: { access },
      schema: {
        summary: 'The audit log, newest first',
        tags,
        description:
          'Every audit entry, newest first, a page at a time; by person, kind and local dates.',
        querystring: auditQuery,
        response: { 200: auditPageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAuditLog(deps, request.query);
    },
  );

  r.get(
    '/api/audit/people',
    {
      config: { access },
      schema: {
        summary: 'Everyone the audit log names',
        tags,
        response: { 200: auditPeopleSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listAuditPeople(deps);
    },
  );

  r.get(
    '/api/audit.csv',
    {
      config: { access },
      schema: {
        summary: 'Download the audit log as CSV',
        tags,
        querystring: auditQuery.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) => {
      const csv = await auditLogCsv({ ...deps, now: deps.now() }, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv.body);
    },
  );
}
