import type { AppModule } from '../../app-module.ts';
import { createOAuthRepository } from './repository.ts';
import { registerOAuthRoutes } from './routes.ts';
import { oauthEmails } from './emails.ts';

const repositories = { oauth: createOAuthRepository };

/** Google, Facebook and Apple sign-in; a provider without keys explains itself instead. */
export const oauthModule: AppModule<typeof repositories> = {
  name: 'oauth',
  emails: oauthEmails,
  sends: {
    notifications: ['new-customer'],
  },
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
