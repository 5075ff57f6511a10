import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerCan } from '@noise/shared/permissions';
import {
  addStatusUpdateRequest,
  customerProjectsQuery,
  PROJECTS_NEXT_CURSOR_HEADER,
  PROJECTS_TOTAL_HEADER,
  projectSchema,
  salesFilterOptionsSchema,
  salesPageSchema,
  salesQuery,
  updateProjectRequest,
} from '@noise/shared/project';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { ProjectEvents } from '../../lib/project-events.ts';
import { requireUser, type AuthUser } from '../../plugins/auth.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import {
  addStatusUpdate,
  statusLabel,
  updateProject,
  type ManageProjectDeps,
} from './manage-project.ts';
import { loadProjectDtos } from './project-dto.ts';
import type { ProjectRepository, ProjectRow } from './repository.ts';
import { assignedScope, canSeeProject } from './visibility.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const projectIdParams = z.object({ projectId: z.string().min(1).max(64) });

export interface ProjectRouteDeps {
  repos: Repositories;
  config: Config;
  projects: ProjectRepository;
  users: UserRepository;
  audit: AuditRepository;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  /** Told when a project's status moves (lib/project-events.ts). */
  projectEvents?: Pick<ProjectEvents, 'emit'>;
}

/** Staff who work sales see every project; anyone else only their own. */
const seesAll = (user: AuthUser) => callerCan(user, 'sales:manage');

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

  const manageDeps: ManageProjectDeps = {
    ...deps,
    notifier: app.notifier,
    timeZone: deps.config.businessTimeZone,
  };

  r.get(
    '/api/projects',
    {
      config: { access: 'client:projects' },
      schema: {
        summary: "List one's projects (a customer's orders)",
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
      // Staff see held orders too; a co-ordinator only the customer's projects assigned to them.
      const scope = seesAll(user)
        ? { includeHeld: true, assignedTo: assignedScope(user) }
        : { includeHeld: false, companyId: user.companyId };
      const rows = await deps.projects.listUserPage(userId, cursor, limit + 1, scope);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      // An empty page (no projects, or a cursor past the end) has no row to carry the count.
      const total = rows[0]?.total ?? (await deps.projects.countByUser(userId, scope));
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
      config: { access: 'client:projects' },
      schema: { summary: 'A project', tags, params: idParams, response: { 200: projectSchema } },
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
          summary: 'Post a status update on a project',
          tags,
          params: projectIdParams,
          body: addStatusUpdateRequest,
          response: { 200: projectSchema },
        },
      },
      async (request) => {
        await findVisible(request, request.params.projectId);
        return dto(
          await addStatusUpdate(
            manageDeps,
            requireUser(request),
            request.params.projectId,
            request.body,
          ),
        );
      },
    );
  }

  r.patch(
    '/api/projects/:id',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: "Update a project's status, dates or co-ordinator",
        tags,
        params: idParams,
        body: updateProjectRequest,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await findVisible(request, request.params.id);
      if (request.body.coordinatorId !== undefined && assignedScope(user) !== null) {
        throw forbidden('Only an admin can assign a project to someone else');
      }
      return dto(await updateProject(manageDeps, user, request.params.id, request.body));
    },
  );

  r.get(
    '/api/users/clients/:id/projects',
    {
      config: { access: 'customers:manage' },
      schema: {
        summary: "A customer's projects",
        tags,
        params: idParams,
        response: { 200: z.array(projectSchema) },
      },
    },
    async (request) => {
      const scope = assignedScope(requireUser(request));
      const client = await deps.users.findById(request.params.id);
      if (!client || client.role !== 'client') throw notFound('Customer not found');
      const rows = await deps.projects.listByUser(client.id, scope);
      // A co-ordinator's customer is one with a project assigned to them.
      if (scope && rows.length === 0) throw notFound('Customer not found');
      return loadProjectDtos(deps.projects, rows);
    },
  );

  r.get(
    '/api/projects-all',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: 'List sales, with search and filters',
        tags,
        querystring: salesQuery,
        response: { 200: salesPageSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await deps.projects.listPage(
        {
          ...q,
          timeZone: deps.config.businessTimeZone,
          now: new Date(),
          assignedTo: assignedScope(requireUser(request)),
        },
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
      schema: { summary: 'A sale', tags, params: idParams, response: { 200: projectSchema } },
    },
    async (request) => dto(await findVisible(request, request.params.id)),
  );

  r.get(
    '/api/sales/filters',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: 'The values the sales list can be filtered by',
        tags,
        response: { 200: salesFilterOptionsSchema },
      },
    },
    async (request) => {
      const [values, members] = await Promise.all([
        deps.projects.salesFilterValues(assignedScope(requireUser(request))),
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
