import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientActionsResponse } from '@noise/shared/client-actions';
import { requireUser } from '../../plugins/auth.ts';
import { needsAction } from './needs-action.ts';
import type { ClientActionRepository } from './repository.ts';

/** The customer dashboard's 'Needs your action' (docs/product.md#needs-your-action). */
export function registerClientActionRoutes(
  app: FastifyInstance,
  deps: { clientActions: ClientActionRepository },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/my/actions',
    {
      config: { access: 'client:projects' },
      schema: {
        summary: 'What waits for the caller’s company and their role: briefs, proposals, payments',
        tags: ['projects'],
        response: { 200: clientActionsResponse },
      },
    },
    async (request) => needsAction(deps.clientActions, requireUser(request)),
  );
}
