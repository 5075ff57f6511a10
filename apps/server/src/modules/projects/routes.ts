import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@noise/shared/permissions';
import {
  addStatusUpdateRequest,
  customerProjectsQuery,
  PROJECTS_NEXT_CURSOR_HEADER,
  PROJECTS_TOTAL_HEADER,
  projectSchema,
  salesPageSchema,
  salesQuery,
  updateProjectRequest,
} from '@noise/shared/project';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser, type AuthUser } from '../../plugins/auth.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { encodeCursor } from './cursor.ts';
import {
  addStatusUpdate,
  statusLabel,
  updateProject,
  type ManageProjectDeps,
} from './manage-project.ts';
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

  const manageDeps: ManageProjectDeps = { ...deps, notifier: app.notifier };

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
      const rows = await deps.projects.listUserPage(userId, cursor, limit + 1, { includeHeld });
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

  // Two paths for the same action, customer page and sale page (docs/product.md#api-calls).
  for (const url of ['/api/users/projects/:projectId/status', '/api/projects/:projectId/status']) {
    r.put(
      url,
      {
        config: { access: 'sales:manage' },
        schema: {
          tags,
          params: projectIdParams,
          body: addStatusUpdateRequest,
          response: { 200: projectSchema },
        },
      },
      async (request) =>
        dto(
          await addStatusUpdate(
            manageDeps,
            requireUser(request).id,
            request.params.projectId,
            request.body,
          ),
        ),
    );
  }

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
    async (request) =>
      dto(
        await updateProject(manageDeps, requireUser(request).id, request.params.id, request.body),
      ),
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
      const rows = await deps.projects.listPage(
        { ...q, timeZone: deps.config.businessTimeZone, now: new Date() },
        q.limit + 1,
      );
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
        statuses: values.statuses.map((status) => ({ value: status, label: statusLabel(status) })),
        teamMembers: members.map((m) => ({ _id: m.id, name: displayNameOf(m) || m.email })),
      };
    },
  );
}
