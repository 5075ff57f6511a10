import type { AppModule } from '../../app-module.ts';
import { emailBrandOf } from '../../lib/email-html.ts';
import { registerEmailRoutes } from './routes.ts';

/** The mail templates, and their preview for staff (catalogue.ts lists every kind). */
export const emailsModule: AppModule = {
  name: 'emails',
  routes(app, { config }) {
    registerEmailRoutes(app, { brand: () => emailBrandOf(config) });
  },
};
