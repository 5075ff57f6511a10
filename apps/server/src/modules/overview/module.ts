import { legalPageSlugs } from '@noise/shared/company-pages';
import type { AppModule } from '../../app-module.ts';
import type { Repositories } from '../../repositories.ts';
import { orderMoneyOf } from '../payments/order-money-of.ts';
import { createOverviewRepository } from './repository.ts';
import { registerOverviewRoutes } from './routes.ts';
import { setupChecklist, type SetupFacts } from './setup-checklist.ts';

const repositories = { overview: createOverviewRepository };

/** What the setup checklist reads besides the settings (logged at a production start, below). */
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
  async started(app, { config, repos }) {
    if (config.env !== 'production') return;
    // One line: each check, with how to fix it, is on the staff overview ('Before you trade').
    const open = setupChecklist(config, await setupFactsOf(repos)).filter((item) => !item.done);
    if (open.length) {
      app.log.warn(
        { setup: open.map((item) => item.id) },
        `Not ready to trade: ${open.length} check${open.length === 1 ? '' : 's'} open (${open.map((item) => item.id).join(', ')}). See 'Before you trade' on the staff overview.`,
      );
    }
  },
};
