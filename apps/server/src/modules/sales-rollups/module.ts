import type { AppModule } from '../../app-module.ts';
import { createSalesRollupRepository } from './repository.ts';

const repositories = { salesRollups: createSalesRollupRepository };

/** The day rollups the overview and the reports read (docs/decisions/059). */
export const salesRollupsModule: AppModule<typeof repositories> = {
  name: 'sales-rollups',
  repositories,
};
