import type { AppModule } from '../../app-module.ts';
import { registerSiteUserRoutes } from './routes.ts';

/** Staff accounts: invited, edited and removed by admins. */
export const siteUsersModule: AppModule = {
  name: 'site-users',
  sends: {
    auditActions: [
      'user.created',
      'user.deleted',
      'user.password_set',
      'user.reset_link_sent',
      'user.role_changed',
    ],
  },
  routes(app, { repos, config, auth }) {
    registerSiteUserRoutes(app, { repos, users: repos.users, config, reset: auth.reset });
  },
};
