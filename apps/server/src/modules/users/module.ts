import type { AppModule } from '../../app-module.ts';
import { createUserRepository } from './repository.ts';
import { registerUserRoutes } from './routes.ts';

const repositories = { users: createUserRepository };

/** People's accounts: the caller's own profile. */
export const usersModule: AppModule<typeof repositories> = {
  name: 'users',
  repositories,
  routes(app, ctx) {
    registerUserRoutes(app, { users: ctx.repos.users });
  },
};
