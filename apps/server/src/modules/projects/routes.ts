import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@noise/shared/permissions';
import {
  addStatusUpdateRequest,
  customerProjectsQuery,
  orderName,
  PROJECTS_NEXT_CURSOR_HEADER,
  PROJECTS_TOTAL_HEADER,
  projectSchema,
  projectStatusLabels,
  salesPageSchema,
  salesQuery,
  updateProjectRequest,
  type ProjectStatus,
} from '@noise/shared/project';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser, type AuthUser } from '../../plugins/auth.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { effectOfStatusUpdate } from './change-status.ts';
import { afterCursor, encodeCursor, salesFilters } from './sales-filters.ts';
import { loadProjectDtos } from './project-dto.ts';
import type { ProjectRepository, ProjectRow } from './repository.ts';
import { canSeeProject } from './visibility.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const projectIdParams = z.object({ projectId: z.string().min(1).max(64) });

export interface ProjectRouteDeps {
  db: Db;
  config: Config;
  projects: ProjectRepository;
  users: UserRepository;
  audit: AuditRepository;
}

/** Staff who work sales see every project; anyone else only their own. */
const seesAll = (user: AuthUser) => can(user.role, 'sales:manage');

export function registerProjectRoutes(app: FastifyInstance, deps: ProjectRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];

  const dto = async (row: ProjectRow) => (await loadProjectDtos(deps.projects, [row]))[0]!;

  /** The project if the caller may see it; 404 for anyone else, so ids reveal nothing. */
  async function findVisible(request: FastifyRequest, id: string) {
    const user = requireUser(request);
    const row = await deps.projects.findById(id);
    if (!row || !canSeeProject(user, row)) throw notFound('Project not found');
    return row;
  }

  const actorName = (actor: AuthUser) => deps.users.actorName(actor.id);

  r.get(
    '/api/projects',
    {
      config: { access: 'client-owner' },
      schema: {
        tags,
        description: `A page of the user's projects, newest first. Headers: ${PROJECTS_TOTAL_HEADER} (all of them) and, when more follow, ${PROJECTS_NEXT_CURSOR_HEADER} (pass as cursor).`,
        querystring: customerProjectsQuery,
        response: { 200: z.array(projectSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { cursor, limit } = request.query;
      const userId = request.query.userId ?? user.id;
      if (userId !== user.id && !seesAll(user)) throw notFound('User not found');
      const includeHeld = seesAll(user);
      const rows = await deps.projects.listUserPage(
        userId,
        cursor ? afterCursor(cursor) : undefined,
        limit + 1,
        { includeHeld },
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      // An empty page (no projects, or a cursor past the end) has no row to carry the count.
      const total = rows[0]?.total ?? (await deps.projects.countByUser(userId, { includeHeld }));
      reply.header('cache-control', 'private, no-store');
      reply.header(PROJECTS_TOTAL_HEADER, String(total));
      if (rows.length > limit && last) {
        reply.header(PROJECTS_NEXT_CURSOR_HEADER, encodeCursor(last.cursorAt, last.project.id));
      }
      return loadProjectDtos(
        deps.projects,
        page.map((p) => p.project),
      );
    },
  );

  r.get(
    '/api/projects/:id',
    {
      config: { access: 'client-owner' },
      schema: { tags, params: idParams, response: { 200: projectSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return dto(await findVisible(request, request.params.id));
    },
  );

  async function addStatusUpdate(
    request: FastifyRequest,
    projectId: string,
    body: z.output<typeof addStatusUpdateRequest>,
  ) {
    const actor = requireUser(request);
    const project = await deps.projects.findById(projectId);
    if (!project) throw notFound('Project not found');
    const { title, date, description } = body.statusUpdate;
    const when = new Date(date);
    const changes = effectOfStatusUpdate(project, title, when);
    const updated = await deps.projects.addStatusUpdate(
      { projectId, title, description, date: when, createdById: actor.id },
      changes,
    );
    if (!updated) throw notFound('Project not found');
    const name = await actorName(actor);
    await deps.audit.record({
      actorId: actor.id,
      actorName: name,
      action: 'project.status_update',
      entityType: 'project',
      entityId: projectId,
      subjectUserId: project.userId,
      summary:
        changes.status && changes.status !== project.status
          ? `${title} (status ${project.status} → ${changes.status})`
          : title,
      data: { title, date: when.toISOString() },
    });
    await app.notifier.sendQuietly([project.userId], {
      kind: 'status-update',
      title: `${title}: ${project.serviceTitle} (${orderName(project.orderNumber)})`,
      body: description || `${orderName(project.orderNumber)} has a new update.`,
      link: `/dashboard/projects/${projectId}`,
    });
    return dto(updated);
  }

  // Two paths for the same action, customer page and sale page (docs/product.md#api-calls).
  r.put(
    '/api/users/projects/:projectId/status',
    {
      config: { access: 'sales:manage' },
      schema: {
        tags,
        params: projectIdParams,
        body: addStatusUpdateRequest,
        response: { 200: projectSchema },
      },
    },
    async (request) => addStatusUpdate(request, request.params.projectId, request.body),
  );
  r.put(
    '/api/projects/:projectId/status',
    {
      config: { access: 'sales:manage' },
      schema: {
        tags,
        params: projectIdParams,
        body: addStatusUpdateRequest,
        response: { 200: projectSchema },
      },
    },
    async (request) => addStatusUpdate(request, request.params.projectId, request.body),
  );

  r.patch(
    '/api/projects/:id',
    {
      config: { access: 'sales:manage' },
      schema: {
        tags,
        params: idParams,
        body: updateProjectRequest,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const project = await deps.projects.findById(request.params.id);
      if (!project) throw notFound('Project not found');
      const body = request.body;
      if (body.coordinatorId) {
        const coordinator = await deps.users.findById(body.coordinatorId);
        if (!coordinator || coordinator.role === 'client') {
          throw badRequest('Choose a team member as the co-ordinator');
        }
      }
      const toDate = (v: string | null | undefined) =>
        v === undefined ? undefined : v === null ? null : new Date(v);
      const changes = {
        ...(body.status ? { status: body.status } : {}),
        ...(body.expectedDeliveryDate !== undefined
          ? { expectedDeliveryDate: toDate(body.expectedDeliveryDate) }
          : {}),
        ...(body.deliveryDate !== undefined ? { deliveryDate: toDate(body.deliveryDate) } : {}),
        ...(body.coordinatorId !== undefined ? { coordinatorId: body.coordinatorId } : {}),
      };
      const updated = await deps.projects.update(project.id, changes);
      const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : 'none');
      const changed: string[] = [];
      if (body.status && body.status !== project.status) {
        changed.push(`Status changed from ${label(project.status)} to ${label(body.status)}`);
      }
      if (
        'expectedDeliveryDate' in changes &&
        day(changes.expectedDeliveryDate) !== day(project.expectedDeliveryDate)
      ) {
        changed.push(
          `Expected delivery ${day(project.expectedDeliveryDate)} → ${day(changes.expectedDeliveryDate)}`,
        );
      }
      if ('deliveryDate' in changes && day(changes.deliveryDate) !== day(project.deliveryDate)) {
        changed.push(`Delivery date ${day(project.deliveryDate)} → ${day(changes.deliveryDate)}`);
      }
      if ('coordinatorId' in changes && changes.coordinatorId !== project.coordinatorId) {
        changed.push('Co-ordinator changed');
      }
      if (changed.length > 0) {
        await deps.audit.record({
          actorId: actor.id,
          actorName: await actorName(actor),
          action:
            body.status && body.status !== project.status
              ? 'project.status_changed'
              : 'project.updated',
          entityType: 'project',
          entityId: project.id,
          subjectUserId: project.userId,
          summary: changed.join('; '),
          data: { from: project.status, to: body.status ?? project.status },
        });
      }
      return dto(updated!);
    },
  );

  r.get(
    '/api/users/clients/:id/projects',
    {
      config: { access: 'customers:manage' },
      schema: { tags, params: idParams, response: { 200: z.array(projectSchema) } },
    },
    async (request) => {
      const client = await deps.users.findById(request.params.id);
      if (!client || client.role !== 'client') throw notFound('Customer not found');
      return loadProjectDtos(deps.projects, await deps.projects.listByUser(client.id));
    },
  );

  r.get(
    '/api/projects-all',
    {
      config: { access: 'sales:manage' },
      schema: { tags, querystring: salesQuery, response: { 200: salesPageSchema } },
    },
    async (request) => {
      const q = request.query;
      const filters = salesFilters(q, deps.config.businessTimeZone, new Date());
      const rows = await deps.projects.listPage(filters, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        items: await loadProjectDtos(
          deps.projects,
          page.map((p) => p.project),
        ),
        nextCursor:
          rows.length > q.limit && last ? encodeCursor(last.cursorAt, last.project.id) : null,
      };
    },
  );

  r.get(
    '/api/projects-all/:id',
    {
      config: { access: 'sales:manage' },
      schema: { tags, params: idParams, response: { 200: projectSchema } },
    },
    async (request) => {
      const row = await deps.projects.findById(request.params.id);
      if (!row) throw notFound('Project not found');
      return dto(row);
    },
  );

  r.get(
    '/api/sales/filters',
    {
      config: { access: 'sales:manage' },
      schema: {
        tags,
        response: {
          200: z.object({
            companies: z.array(z.string()),
            services: z.array(z.object({ _id: z.string(), title: z.string() })),
            statuses: z.array(z.object({ value: z.string(), label: z.string() })),
            teamMembers: z.array(z.object({ _id: z.string(), name: z.string() })),
          }),
        },
      },
    },
    async () => {
      const [values, members] = await Promise.all([
        deps.projects.salesFilterValues(),
        deps.users.listStaff(),
      ]);
      return {
        companies: values.companies,
        services: values.services,
        statuses: values.statuses.map((status) => ({ value: status, label: label(status) })),
        teamMembers: members.map((m) => ({ _id: m.id, name: displayNameOf(m) || m.email })),
      };
    },
  );
}

function label(status: string): string {
  return projectStatusLabels[status as ProjectStatus] ?? status;
}
