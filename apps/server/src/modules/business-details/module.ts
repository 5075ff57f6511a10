import type { AppModule } from '../../app-module.ts';
import { createBusinessDetailsRepository } from './repository.ts';
import { registerBusinessDetailsRoutes } from './routes.ts';

const repositories = { businessDetails: createBusinessDetailsRepository };

/**
 * The shop's business details on the settings screen (docs/decisions/090). Their store is the
 * app's, made in app.ts before any module: every module reads them through `config`.
 */
export const businessDetailsModule: AppModule<typeof repositories> = {
  name: 'business-details',
  repositories,
  routes(app, { repos, businessDetails }) {
    registerBusinessDetailsRoutes(app, { repos, store: businessDetails });
  },
};
