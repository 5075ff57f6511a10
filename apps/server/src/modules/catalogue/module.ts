import type { AppModule } from '../../app-module.ts';
import { registerCatalogueAdminRoutes } from './admin-routes.ts';
import { createCatalogueManageRepository } from './manage-repository.ts';
import { demoRoots } from './own-files.ts';
import { createCatalogueRepository } from './repository.ts';
import { registerCatalogueRoutes } from './routes.ts';

const repositories = {
  catalogue: createCatalogueRepository,
  catalogueManage: createCatalogueManageRepository,
};

/** Services, packages, industries and pages: the public catalogue and the staff's editing. */
export const catalogueModule: AppModule<typeof repositories> = {
  name: 'catalogue',
  sends: {
    auditActions: [
      'industry.deleted',
      'navigation.updated',
      'page.deleted',
      'service.archived',
      'service.created',
      'service.deleted',
      'service.extra_added',
      'service.extra_price_changed',
      'service.extra_removed',
      'service.package_added',
      'service.package_price_changed',
      'service.package_removed',
      'service.price_changed',
    ],
  },
  repositories,
  routes(app, { repos, config, files }) {
    registerCatalogueRoutes(app, {
      catalogue: repos.catalogue,
      catalogueManage: repos.catalogueManage,
      publicUrl: config.publicUrl,
      uploads: files,
      demoRoots: demoRoots(config.webDistDir),
    });
    registerCatalogueAdminRoutes(app, { repos, config });
  },
};
