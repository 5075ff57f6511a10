import type { AppModule } from '../../app-module.ts';
import { billJobs } from './remind-bills.ts';
import { createBillRepository } from './repository.ts';
import { registerBillRoutes } from './routes.ts';

const repositories = { bills: createBillRepository };

/** Invoices staff write and send (docs/decisions/093), paid through the checkout, and their reminders. */
export const billsModule: AppModule<typeof repositories> = {
  name: 'bills',
  repositories,
  routes(app, { repos, config, now }) {
    registerBillRoutes(app, { repos, config, now, checkout: app.checkoutDeps });
  },
  jobs(_app, { repos, config }) {
    return billJobs({ repos, config });
  },
};
