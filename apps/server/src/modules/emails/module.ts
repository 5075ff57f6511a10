import type { AppModule } from '../../app-module.ts';
import { emailBrandOf } from '../../lib/email-html.ts';
import { registerEmailRoutes } from './routes.ts';

/**
 * The mail templates, and their preview for staff: every module's `emails` (module.ts), which
 * the app hands over as `emails`.
 */
export const emailsModule: AppModule = {
  name: 'emails',
  routes(app, { config, emails }) {
    registerEmailRoutes(app, { kinds: emails, brand: () => emailBrandOf(config) });
  },
};
