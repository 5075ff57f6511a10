import type { AppModule } from '../../app-module.ts';
import { createOAuthRepository } from './repository.ts';
import { registerOAuthRoutes } from './routes.ts';

const repositories = { oauth: createOAuthRepository };

/** Google, Facebook and Apple sign-in; a provider without keys explains itself instead. */
export const oauthModule: AppModule<typeof repositories> = {
  name: 'oauth',
  repositories,
  routes(app, ctx) {
    registerOAuthRoutes(app, {
      ...ctx.auth,
      repos: ctx.repos,
      mailer: ctx.mailer,
      notifier: ctx.notifier,
    });
  },
};
