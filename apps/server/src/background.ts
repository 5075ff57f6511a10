import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import {
  invoiceSettingsOf,
  renderAdjustmentNoteOf,
  renderInvoiceOf,
} from './modules/invoices/load-invoice.ts';
import { renderInvoicePdf } from './modules/invoices/render-invoice.ts';
import type { RenderInvoice } from './modules/invoices/render-pool.ts';
import { emailJobs } from './modules/jobs/email.ts';
import type { JobSet } from './modules/jobs/lanes.ts';
import { JOB_ADDED_CHANNEL } from './modules/jobs/repository.ts';
import { createJobRunner, type JobRunner } from './modules/jobs/runner.ts';
import { billJobs } from './modules/bills/remind-bills.ts';
import { fileJobs } from './modules/files/purge-bin.ts';
import { myWorkJobs } from './modules/my-work/daily-summary.ts';
import { notificationJobs } from './modules/notifications/message-mail.ts';
import { paymentJobs } from './modules/payments/register.ts';
import { renderSignedProposal } from './modules/quotes/answer-proposal.ts';
import { webhookJobs } from './modules/webhooks/deliver-webhook.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Background jobs, in lanes (docs/decisions/089-job-lanes.md). Polls and is woken when
     * JOBS_POLL_INTERVAL_MS > 0; tests call runDueJobs().
     */
    jobRunner: JobRunner;
  }
}

export interface BackgroundOptions {
  /** The checkout's invoice renderer (a worker thread); drawn in the job itself when absent. */
  renderInvoice?: RenderInvoice;
  /** The clock the sweeps are given (tests fix it). */
  now?: () => Date;
}

/** Every module's job kinds and sweeps: the one list the runner is made of. */
export function backgroundJobs(
  app: FastifyInstance,
  config: Config,
  options: BackgroundOptions = {},
): JobSet[] {
  const deps = app.checkoutDeps;
  const { repos } = deps;
  const render = options.renderInvoice ?? renderInvoicePdf;
  // Read at each document: the business details a super-admin may change (decision 090).
  const settings = invoiceSettingsOf(config);
  return [
    emailJobs({
      mailer: app.mailer,
      renderInvoice: (paymentId) => renderInvoiceOf(repos, settings, paymentId, render),
      renderAdjustmentNote: (refundId) => renderAdjustmentNoteOf(repos, settings, refundId, render),
      renderSignedProposal: (quoteId) =>
        renderSignedProposal(repos, { businessTimeZone: config.businessTimeZone }, quoteId),
    }),
    paymentJobs(app, config, deps),
    webhookJobs({ repos, config }),
    notificationJobs({ repos, config }),
    myWorkJobs({ repos, config }),
    fileJobs({ repos, store: app.files, log: app.log }),
    billJobs({ repos, config }),
  ];
}

/**
 * A runner of every background job on this app's database. The app makes one (registerBackground);
 * tests make more, as other processes would be, with their own worker id.
 */
export function createBackgroundRunner(
  app: FastifyInstance,
  config: Config,
  options: BackgroundOptions & { workerId?: string; pollIntervalMs?: number } = {},
): JobRunner {
  return createJobRunner({
    jobs: app.checkoutDeps.repos.jobs,
    sets: backgroundJobs(app, config, options),
    concurrency: config.jobLanes,
    log: app.log,
    pollIntervalMs: options.pollIntervalMs ?? config.jobsPollIntervalMs,
    // On PostgreSQL every process hears of every job added; PGlite is one process, and its
    // notice is a call within it when the adding transaction commits.
    listen: (wake) => app.database.listen(JOB_ADDED_CHANNEL, wake),
    now: options.now,
    workerId: options.workerId,
  });
}

/**
 * Starts the job runner once the app is ready and stops it on close. Registered after the
 * mailer and the invoice renderer, so it stops first and its jobs in hand still have them.
 */
export function registerBackground(
  app: FastifyInstance,
  config: Config,
  options: BackgroundOptions = {},
) {
  const runner = createBackgroundRunner(app, config, options);
  app.decorate('jobRunner', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}
