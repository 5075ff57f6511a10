import type { AppModule } from '../../app-module.ts';
import { createCompanyPageRepository } from './repository.ts';
import { registerCompanyPageRoutes } from './routes.ts';

const repositories = { companyPages: createCompanyPageRepository };

/** The shop's own pages: about us, terms, privacy. */
export const companyPagesModule: AppModule<typeof repositories> = {
  name: 'company-pages',
  repositories,
  routes(app, { repos }) {
    registerCompanyPageRoutes(app, { pages: repos.companyPages, users: repos.users });
  },
};
