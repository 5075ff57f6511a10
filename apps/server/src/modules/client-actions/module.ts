import type { AppModule } from '../../app-module.ts';
import { createClientActionRepository } from './repository.ts';
import { registerClientActionRoutes } from './routes.ts';

const repositories = { clientActions: createClientActionRepository };

/** What waits for a customer's company: briefs, proposals, payments. */
export const clientActionsModule: AppModule<typeof repositories> = {
  name: 'client-actions',
  repositories,
  routes(app, ctx) {
    registerClientActionRoutes(app, { clientActions: ctx.repos.clientActions });
  },
};
