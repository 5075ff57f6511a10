import type { AppModule } from '../../app-module.ts';
import {
  invoiceSettingsOf,
  renderAdjustmentNoteOf,
  renderInvoiceOf,
} from '../invoices/load-invoice.ts';
import { registerCardRoutes } from './card-routes.ts';
import { registerGuestCheckoutRoutes } from './guest-routes.ts';
import { createOrderSources } from './order-sources-repository.ts';
import { createSandboxRepository } from './providers/sandbox-repository.ts';
import { createRefundRepository } from './refund-repository.ts';
import { createCreditRepository } from './credit-repository.ts';
import { paymentJobs, registerCheckout } from './register.ts';
import { createPaymentRepository } from './repository.ts';
import { paymentsEmails } from './emails.ts';

/**
 * A customer's cards on file. A module of its own, listed beside the accounts, because the API
 * document lists its routes there, before the checkout's.
 */
export const cardsModule: AppModule = {
  name: 'cards',
  routes(app, { repos }) {
    registerCardRoutes(app, {
      repos,
      users: repos.users,
      customers: repos.customers,
      audit: repos.audit,
    });
  },
};

const repositories = {
  /** Client companies' account credit (docs/decisions/107). */
  accountCredit: createCreditRepository,
  orderSources: createOrderSources,
  payments: createPaymentRepository,
  refunds: createRefundRepository,
  /** The offline payment provider's own records (providers/sandbox.ts). */
  sandbox: createSandboxRepository,
};

/**
 * Checkout, payments, subscriptions, refunds and tax invoices; renewals and the provider's
 * sweeps in the money lane. Listed before the modules that use the checkout (bills).
 */
export const paymentsModule: AppModule<typeof repositories> = {
  name: 'payments',
  emails: paymentsEmails,
  sends: {
    webhookEvents: [
      'order.paid',
      'order.refunded',
      'quote.paid',
      'subscription.renewed',
      'subscription.payment_failed',
      'subscription.canceled',
      'subscription.changed',
      'subscription.paused',
      'subscription.resumed',
      'invoice.paid',
      'project.status_changed',
    ],
    notifications: ['payment', 'renewal-failed', 'new-order', 'quote-paid', 'quote-link'],
    auditActions: [
      'card.replaced',
      'payment.balance_requested',
      'payment.refunded',
      'subscription.cancelled',
      'subscription.paused',
      'subscription.plan_change_cancelled',
      'subscription.plan_change_scheduled',
      'subscription.plan_changed',
      'subscription.resumed',
    ],
  },
  repositories,
  routes(app, { repos, config, auth }) {
    registerCheckout(app, config, repos);
    registerGuestCheckoutRoutes(app, { checkout: app.checkoutDeps, auth, config });
  },
  jobs(app, { config }) {
    return paymentJobs(app, config, app.checkoutDeps);
  },
  attachments(app, { repos, config }) {
    // Read at each document: the business details a super-admin may change (decision 090).
    const settings = invoiceSettingsOf(config);
    // The checkout's renderer, a worker thread the invoice routes share.
    const render = app.invoiceRenderer;
    return {
      renderInvoice: (paymentId) => renderInvoiceOf(repos, settings, paymentId, render),
      renderAdjustmentNote: (refundId) => renderAdjustmentNoteOf(repos, settings, refundId, render),
    };
  },
};
