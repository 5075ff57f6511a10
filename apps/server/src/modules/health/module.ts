import type { AppModule } from '../../app-module.ts';
import { registerHealthRoutes } from './routes.ts';

/** The health check and the settings the browser may know. */
export const healthModule: AppModule = {
  name: 'health',
  routes(app, ctx) {
    registerHealthRoutes(app, { database: ctx.database, config: ctx.config });
  },
};
