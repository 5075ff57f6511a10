import type { AppModule } from '../../app-module.ts';
import { createApiKeyRepository } from './repository.ts';
import { registerApiKeyRoutes } from './routes.ts';

const repositories = { apiKeys: createApiKeyRepository };

/** API keys (docs/decisions/075). */
export const apiKeysModule: AppModule<typeof repositories> = {
  name: 'api-keys',
  sends: {
    auditActions: ['api_key.created', 'api_key.revoked'],
  },
  repositories,
  routes(app, { repos, config, now }) {
    registerApiKeyRoutes(app, { repos, timeZone: config.businessTimeZone, now });
  },
};
