import type { AppModule } from '../../app-module.ts';
import { orderMoneyOf } from '../payments/order-money-of.ts';
import { createReportRepository } from './repository.ts';
import { registerReportRoutes } from './routes.ts';

const repositories = { reports: createReportRepository };

/** Sales reports and their CSV. */
export const reportsModule: AppModule<typeof repositories> = {
  name: 'reports',
  repositories,
  routes(app, { repos, config, now }) {
    registerReportRoutes(app, {
      config,
      reports: repos.reports,
      projects: repos.projects,
      users: repos.users,
      moneyOf: (orders) => orderMoneyOf(repos.payments, orders),
      repos,
      now,
    });
  },
};
