import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { defineJobs } from '../jobs/lanes.ts';
import { invoiceSettingsOf } from '../invoices/load-invoice.ts';
import { createInvoiceRenderer, type RenderInvoice } from '../invoices/render-pool.ts';
import { registerInvoiceRoutes } from '../invoices/routes.ts';
import { createAttemptChanges } from './attempt-changes.ts';
import { resumeEndedPauses } from './pause-subscription.ts';
import { remindBalances } from './remind-balances.ts';
import { registerCreditRoutes } from './credit-routes.ts';
import { registerRenewalCardRoutes } from './renewal-card-routes.ts';
import type { CheckoutDeps } from './handle-payment.ts';
import { createPaymentProvider } from './providers/index.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createSandboxProvider } from './providers/sandbox.ts';
import { expireAbandonedAttempts } from './expire-waiting-attempts.ts';
import { settlePendingRefunds } from './refund-payment.ts';
import { createRenewalJobHandler, RENEWAL_JOB, scheduleRenewals } from './renew-subscription.ts';
import { returnUnsettledHolds } from './return-unsettled-holds.ts';
import { checkoutNotifications } from './notify-checkout.ts';
import { registerPaymentRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
    /** What the checkout runs on (database, provider, settings); tests build extra workers from it. */
    checkoutDeps: CheckoutDeps;
    /** The tax invoices' renderer, a worker thread, which the receipts' mail shares. */
    invoiceRenderer: RenderInvoice;
  }
}

/**
/**
 * `target` with its business name and ABN read from `config` at each use: they are the business
 * details in force, which a super-admin may change while the server runs (docs/decisions/090).
 */
function liveBusiness<T extends { companyName: string; abn?: string }>(
  config: Config,
  target: T,
): T {
  return Object.defineProperties(target, {
    companyName: { enumerable: true, get: () => config.companyName },
    abn: { enumerable: true, get: () => config.abn },
  });
}

/**
 * Checkout, payments, subscriptions and invoices. Answers the invoice renderer, which the
 * receipts' mail job shares (`app.invoiceRenderer`, the payments module's attachments).
 */
export function registerCheckout(
  app: FastifyInstance,
  config: Config,
  repos: Repositories,
): { renderInvoice: RenderInvoice } {
  const sandbox =
    config.payments.provider === 'sandbox' ? createSandboxProvider(repos.sandbox) : null;
  const provider = sandbox ?? createPaymentProvider(config.payments, repos.sandbox);
  app.decorate('paymentProvider', provider);

  const settings = invoiceSettingsOf(config);
  const notifications = checkoutNotifications(app, config, repos);
  const deps: CheckoutDeps = liveBusiness(config, {
    repos,
    provider,
    log: app.log,
    companyName: config.companyName,
    publicUrl: config.publicUrl,
    timeZone: config.businessTimeZone,
    abn: config.abn,
    currency: config.payments.currency,
    onOrderCompleted: notifications.onOrderCompleted,
    onRefunded: notifications.onRefunded,
    afterAnswer: app.afterAnswer,
    attemptChanges: createAttemptChanges(app.database),
  });
  app.decorate('checkoutDeps', deps);
  registerPaymentRoutes(app, liveBusiness(config, { ...deps, sandbox }));
  registerCreditRoutes(app, { repos, currency: config.payments.currency });
  registerRenewalCardRoutes(app, {
    repos,
    provider,
    publicUrl: config.publicUrl,
    tokenSecret: config.tokenSecret,
    now: () => new Date(),
  });
  // Tax invoices are drawn on a worker thread, off the requests' event loop.
  const invoices = createInvoiceRenderer();
  app.addHook('onClose', () => invoices.close());
  app.decorate('invoiceRenderer', invoices.render);
  registerInvoiceRoutes(app, { repos, settings, render: invoices.render });
  return { renderInvoice: invoices.render };
}

/**
 * Renewals and the sweeps that call the payment provider, all in the money lane: they go one at
 * a time by default, so a renewal day asks the provider no faster than before, and whatever it
 * costs in time, nobody's mail waits for it.
 */
export function paymentJobs(app: FastifyInstance, config: Config, deps: CheckoutDeps) {
  return defineJobs({
    kinds: {
      [RENEWAL_JOB]: {
        lane: 'money',
        run: createRenewalJobHandler(
          liveBusiness(config, {
            ...deps,
            abn: config.abn,
            timeZone: config.businessTimeZone,
            maxFailures: config.renewals.maxFailures,
            retryBaseMs: config.renewals.retryBaseMs,
            tokenSecret: config.tokenSecret,
            onRenewalFailed: checkoutNotifications(app, config, deps.repos).onRenewalFailed,
          }),
        ),
      },
    },
    schedules: [
      {
        kind: 'schedule-renewals',
        lane: 'money',
        run: () => scheduleRenewals(deps.repos),
      },
      {
        kind: 'expire-abandoned-attempts',
        lane: 'money',
        run: () => expireAbandonedAttempts(deps),
      },
      {
        kind: 'settle-refunds',
        lane: 'money',
        run: () => settlePendingRefunds(deps),
      },
      // A pause whose day has come resumes (docs/product.md#pausing-a-plan).
      {
        kind: 'resume-paused-subscriptions',
        lane: 'money',
        run: () =>
          resumeEndedPauses({
            repos: deps.repos,
            timeZone: config.businessTimeZone,
            now: () => new Date(),
          }),
      },
      // Account credit held for a charge that never settled goes back (docs/decisions/107).
      {
        kind: 'return-unsettled-credit-holds',
        lane: 'money',
        everyMs: 60 * 60_000,
        run: (now) => returnUnsettledHolds(deps, now),
      },
      // Mail, not money: the invoice reminders' lane and pace (modules/bills/remind-bills.ts).
      {
        kind: 'remind-balances',
        lane: 'bulk',
        everyMs: 15 * 60_000,
        run: (now) => remindBalances({ repos: deps.repos, config }, now),
      },
    ],
  });
}
