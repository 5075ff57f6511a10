import type { AppModule } from '../../app-module.ts';
import { registerSiteUserRoutes } from './routes.ts';

/** Staff accounts: invited, edited and removed by admins. */
export const siteUsersModule: AppModule = {
  name: 'site-users',
  routes(app, { repos, config, auth }) {
    registerSiteUserRoutes(app, { repos, users: repos.users, config, reset: auth.reset });
  },
};
