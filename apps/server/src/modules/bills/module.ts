import type { AppModule } from '../../app-module.ts';
import { billJobs } from './remind-bills.ts';
import { createBillRepository } from './repository.ts';
import { registerBillRoutes } from './routes.ts';
import { billsEmails } from './emails.ts';

const repositories = { bills: createBillRepository };

/** Invoices staff write and send (docs/decisions/093), paid through the checkout, and their reminders. */
export const billsModule: AppModule<typeof repositories> = {
  name: 'bills',
  emails: billsEmails,
  sends: {
    webhookEvents: ['invoice.sent', 'invoice.overdue'],
    auditActions: [
      'bill.created',
      'bill.marked_paid',
      'bill.payment_reversed',
      'bill.sent',
      'bill.updated',
      'bill.voided',
    ],
  },
  repositories,
  routes(app, { repos, config, now }) {
    registerBillRoutes(app, { repos, config, now, checkout: app.checkoutDeps });
  },
  jobs(_app, { repos, config }) {
    return billJobs({ repos, config });
  },
};
