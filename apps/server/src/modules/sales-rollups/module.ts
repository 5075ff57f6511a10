import type { AppModule } from '../../app-module.ts';
import { createSalesRollupRepository } from './repository.ts';

const repositories = { salesRollups: createSalesRollupRepository };

/** The day rollups the overview and the reports read (docs/decisions/059). */
export const salesRollupsModule: AppModule<typeof repositories> = {
  name: 'sales-rollups',
  repositories,
  async started(app, { repos, config }) {
    // The day rollups follow BUSINESS_TIMEZONE: rebuilt when kept in another zone (decision 059).
    if (await repos.salesRollups.useTimeZone(config.businessTimeZone)) {
      app.log.info(
        { timeZone: config.businessTimeZone },
        'sales rollups rebuilt for the time zone',
      );
    }
  },
};
