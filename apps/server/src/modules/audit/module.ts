import type { AppModule } from '../../app-module.ts';
import { createAuditRepository } from './repository.ts';
import { registerAuditRoutes } from './routes.ts';

const repositories = { audit: createAuditRepository };

/** The audit log. */
export const auditModule: AppModule<typeof repositories> = {
  name: 'audit',
  repositories,
  routes(app, { repos, config, now }) {
    registerAuditRoutes(app, { audit: repos.audit, timeZone: config.businessTimeZone, now });
  },
};
