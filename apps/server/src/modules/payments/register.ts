import type { FastifyInstance } from 'fastify';
import { renderSignedProposal } from '../quotes/answer-proposal.ts';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { createEmailJobHandler, EMAIL_JOB } from '../jobs/email.ts';
import { createJobRunner, type JobHandler, type JobRunner } from '../jobs/runner.ts';
import {
  renderAdjustmentNoteOf,
  renderInvoiceOf,
  type InvoiceSettings,
} from '../invoices/load-invoice.ts';
import { renderInvoicePdf } from '../invoices/render-invoice.ts';
import { createInvoiceRenderer, type RenderInvoice } from '../invoices/render-pool.ts';
import {
  createDailySummaryHandler,
  DAILY_SUMMARY_JOB,
  createDailySummaryScheduler,
} from '../my-work/daily-summary.ts';
import { createMessageMailHandler, MESSAGE_MAIL_JOB } from '../notifications/message-mail.ts';
import { registerInvoiceRoutes } from '../invoices/routes.ts';
import { createAttemptChanges } from './attempt-changes.ts';
import type { CheckoutDeps } from './handle-payment.ts';
import { createPaymentProvider } from './providers/index.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createSandboxProvider } from './providers/sandbox.ts';
import { expireAbandonedAttempts } from './expire-waiting-attempts.ts';
import { settlePendingRefunds } from './refund-payment.ts';
import { createRenewalJobHandler, RENEWAL_JOB, scheduleRenewals } from './renew-subscription.ts';
import { checkoutNotifications } from './notify-checkout.ts';
import { registerPaymentRoutes } from './routes.ts';
import { createWebhookDeliveryHandler, WEBHOOK_JOB } from '../webhooks/deliver-webhook.ts';
import { createBinPurger } from '../files/purge-bin.ts';
import { mailAdminsAboutDisabledEndpoint } from '../webhooks/mail-admins.ts';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: PaymentProvider;
    /** What the checkout runs on (database, provider, settings); tests build extra workers from it. */
    checkoutDeps: CheckoutDeps;
    /** Background jobs (renewals, mail). Polls when JOBS_POLL_INTERVAL_MS > 0; tests call runDueJobs(). */
    jobRunner: JobRunner;
  }
}

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

/** What invoices and adjustment notes print of the shop, read when each is drawn. */
function invoiceSettingsOf(config: Config): InvoiceSettings {
  return {
    get companyName() {
      return config.companyName;
    },
    get abn() {
      return config.abn;
    },
    get address() {
      return config.companyAddress;
    },
    publicUrl: config.publicUrl,
    timeZone: config.businessTimeZone,
  };
}

/** Checkout, payments, subscriptions, invoices and the job runner that renews and mails. */
export function registerCheckout(
  app: FastifyInstance,
  config: Config,
  repos: Repositories,
  now: () => Date = () => new Date(),
) {
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
  // Tax invoices are drawn on a worker thread, off the requests' event loop.
  const invoices = createInvoiceRenderer();
  app.addHook('onClose', () => invoices.close());
  registerInvoiceRoutes(app, { repos, settings, render: invoices.render });

  const scheduleDailySummaries = createDailySummaryScheduler(repos, config.businessTimeZone);
  const purgeBins = createBinPurger({ repos, store: app.files, log: app.log });
  const runner = createJobRunner({
    jobs: repos.jobs,
    log: app.log,
    pollIntervalMs: config.jobsPollIntervalMs,
    schedule: async () => {
      await scheduleRenewals(repos);
      await expireAbandonedAttempts(deps);
      await settlePendingRefunds(deps);
      await scheduleDailySummaries(now());
      await purgeBins(now());
    },
    handlers: checkoutJobHandlers(app, config, deps, invoices.render),
  });
  app.decorate('jobRunner', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}

/** The jobs this module runs: receipts and other mail, and subscription renewals. */
// (The runner lives here; the message emails' batching job is the notifications module's.)
export function checkoutJobHandlers(
  app: FastifyInstance,
  config: Config,
  deps: CheckoutDeps,
  renderInvoice: RenderInvoice = renderInvoicePdf,
): Record<string, JobHandler> {
  const settings = invoiceSettingsOf(config);
  return {
    [EMAIL_JOB]: createEmailJobHandler({
      mailer: app.mailer,
      renderInvoice: (paymentId) => renderInvoiceOf(deps.repos, settings, paymentId, renderInvoice),
      renderAdjustmentNote: (refundId) =>
        renderAdjustmentNoteOf(deps.repos, settings, refundId, renderInvoice),
      renderSignedProposal: (quoteId) =>
        renderSignedProposal(deps.repos, { businessTimeZone: config.businessTimeZone }, quoteId),
    }),
    [RENEWAL_JOB]: createRenewalJobHandler(
      liveBusiness(config, {
        ...deps,
        abn: config.abn,
        timeZone: config.businessTimeZone,
        maxFailures: config.renewals.maxFailures,
        retryBaseMs: config.renewals.retryBaseMs,
        onRenewalFailed: checkoutNotifications(app, config, deps.repos).onRenewalFailed,
      }),
    ),
    [MESSAGE_MAIL_JOB]: createMessageMailHandler({ repos: deps.repos, config }),
    [DAILY_SUMMARY_JOB]: createDailySummaryHandler({ repos: deps.repos, config }),
    [WEBHOOK_JOB]: createWebhookDeliveryHandler({
      repos: deps.repos,
      allowPrivate: config.webhooksAllowPrivate,
      onDisabled: mailAdminsAboutDisabledEndpoint(deps.repos, config),
    }),
  };
}
