import type { AppModule } from '../../app-module.ts';
import { createDiscountRepository } from './repository.ts';
import { registerDiscountRoutes } from './routes.ts';

const repositories = { discounts: createDiscountRepository };

/** Discount codes (docs/decisions/069). */
export const discountsModule: AppModule<typeof repositories> = {
  name: 'discounts',
  repositories,
  routes(app, { repos, config, now }) {
    registerDiscountRoutes(app, {
      discounts: repos.discounts,
      timeZone: config.businessTimeZone,
      now,
    });
  },
};
