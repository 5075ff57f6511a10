import type { AppModule } from '../../app-module.ts';
import { createInvoiceRepository } from './repository.ts';

const repositories = { invoices: createInvoiceRepository };

/**
 * Tax invoices and adjustment notes. Their routes are the checkout's (the payments module
 * registers them with the worker thread that draws them, which the receipts' mail shares).
 */
export const invoicesModule: AppModule<typeof repositories> = {
  name: 'invoices',
  repositories,
};
