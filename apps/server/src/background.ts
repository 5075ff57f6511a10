import type { FastifyInstance } from 'fastify';
import type { AppContext, JobsContext, MailAttachments } from './app-module.ts';
import type { JobSet } from './modules/jobs/lanes.ts';
import { JOB_ADDED_CHANNEL } from './modules/jobs/repository.ts';
import { createJobRunner, type JobRunner } from './modules/jobs/runner.ts';
import { appModules } from './modules.ts';

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
  /** The clock the sweeps are given (tests fix it); the app's clock by default. */
  now?: () => Date;
}

/**
 * Every module's job kinds and sweeps, in the order modules.ts lists them: the one list the
 * runner is made of. The mail job gets the documents every module draws for mail.
 */
export function backgroundJobs(app: FastifyInstance, ctx: AppContext): JobSet[] {
  const attachments: MailAttachments = Object.assign(
    {},
    ...appModules.map((module) => module.attachments?.(app, ctx) ?? {}),
  );
  const jobsContext: JobsContext = { ...ctx, attachments };
  return appModules.flatMap((module) => (module.jobs ? [module.jobs(app, jobsContext)] : []));
}

/**
 * A runner of every background job on this app's database. The app makes one (registerBackground);
 * tests make more, as other processes would be, with their own worker id.
 */
export function createBackgroundRunner(
  app: FastifyInstance,
  ctx: AppContext,
  options: BackgroundOptions & { workerId?: string; pollIntervalMs?: number } = {},
): JobRunner {
  const { config } = ctx;
  return createJobRunner({
    jobs: ctx.repos.jobs,
    sets: backgroundJobs(app, ctx),
    concurrency: config.jobLanes,
    log: app.log,
    pollIntervalMs: options.pollIntervalMs ?? config.jobsPollIntervalMs,
    // On PostgreSQL every process hears of every job added; PGlite is one process, and its
    // notice is a call within it when the adding transaction commits.
    listen: (wake) => app.database.listen(JOB_ADDED_CHANNEL, wake),
    now: options.now ?? ctx.now,
    workerId: options.workerId,
  });
}

/**
 * Starts the job runner once the app is ready and stops it on close. Registered after every
 * module (the checkout's invoice renderer, the mailer), so it stops first and its jobs in hand
 * still have them.
 */
export function registerBackground(app: FastifyInstance, ctx: AppContext) {
  const runner = createBackgroundRunner(app, ctx);
  app.decorate('jobRunner', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}
