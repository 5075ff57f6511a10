import type { AppModule } from '../../app-module.ts';
import { billingInvoiceOf } from '../bills/manage-bill.ts';
import { registerBillingRoutes } from './routes.ts';

/** The customer's Billing page: invoices, adjustment notes, payments due and plans. */
export const billingModule: AppModule = {
  name: 'billing',
  routes(app, { repos, config, now }) {
    registerBillingRoutes(app, {
      repos,
      currency: config.payments.currency,
      timeZone: config.businessTimeZone,
      bills: { summaryOf: (row, payments) => billingInvoiceOf({ config, now }, row, payments) },
    });
  },
};
