import { legalPageSlugs } from '@noise/shared/company-pages';
import type { AppModule } from '../../app-module.ts';
import type { Repositories } from '../../repositories.ts';
import { orderMoneyOf } from '../payments/order-money-of.ts';
import { createOverviewRepository } from './repository.ts';
import { registerOverviewRoutes } from './routes.ts';
import type { SetupFacts } from './setup-checklist.ts';

const repositories = { overview: createOverviewRepository };

/** What the setup checklist reads besides the settings (app.ts logs it at a production start). */
export async function setupFactsOf(
  repos: Pick<Repositories, 'users' | 'companyPages'>,
): Promise<SetupFacts> {
  return {
    coordinators: await repos.users.countByRole('co-ordinator'),
    legalPagesWritten: await repos.companyPages.written(legalPageSlugs),
  };
}

/** The staff dashboard's figures and the 'Before you trade' checklist. */
export const overviewModule: AppModule<typeof repositories> = {
  name: 'overview',
  repositories,
  routes(app, { repos, config, now }) {
    registerOverviewRoutes(app, {
      overview: repos.overview,
      moneyOf: (orders) => orderMoneyOf(repos.payments, orders),
      timeZone: config.businessTimeZone,
      now,
      config,
      setupFacts: () => setupFactsOf(repos),
    });
  },
};
