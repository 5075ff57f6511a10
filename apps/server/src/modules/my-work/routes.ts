import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myWorkQuery, myWorkSchema } from '@noise/shared/my-work';
import { requireUser } from '../../plugins/auth.ts';
import { readMyWork } from './my-work.ts';
import type { WorkRepository } from './repository.ts';

/** My Work: a team member's open projects, grouped by what is due and what waits. */
export function registerMyWorkRoutes(
  app: FastifyInstance,
  deps: { work: WorkRepository; timeZone: string; now: () => Date },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/my-work',
    {
      // Everyone who works sales; another member's list only for those who manage site users.
      config: { access: 'sales:manage' },
      schema: {
        summary: 'Open projects assigned to a team member, by due date',
        tags: ['my-work'],
        querystring: myWorkQuery,
        description: "member: a team member's id or 'everyone' (admins); the caller by default.",
        response: { 200: myWorkSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readMyWork(deps, requireUser(request), request.query.member);
    },
  );
}
