import type { AppModule } from '../../app-module.ts';
import { createBusinessDetailsStore } from './business-details.ts';
import { liveConfig } from './live-config.ts';
import { createBusinessDetailsRepository } from './repository.ts';
import { registerBusinessDetailsRoutes } from './routes.ts';

const repositories = { businessDetails: createBusinessDetailsRepository };

/**
 * The shop's business details on the settings screen (docs/decisions/090). It provides the
 * settings in force, the environment's with the details as saved: every module after it reads
 * them through `config`, so a save applies without a restart.
 */
export const businessDetailsModule: AppModule<typeof repositories> = {
  name: 'business-details',
  repositories,
  async provides(app, { repos, database, log, config }) {
    const businessDetails = createBusinessDetailsStore({
      repo: repos.businessDetails,
      database,
      log,
      defaults: config.business,
    });
    await businessDetails.load();
    await businessDetails.start();
    app.addHook('onClose', () => businessDetails.stop());
    return { businessDetails, config: liveConfig(config, businessDetails) };
  },
  routes(app, { repos, businessDetails }) {
    registerBusinessDetailsRoutes(app, { repos, store: businessDetails });
  },
};
