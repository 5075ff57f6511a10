import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.ts';
import type { JobRepository, JobRow } from './repository.ts';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

/** Thrown by a handler to be retried at a chosen time (a renewal's back-off). */
export class RetryJobAt extends Error {
  constructor(
    message: string,
    readonly runAt: Date,
  ) {
    super(message);
    this.name = 'RetryJobAt';
  }
}

/** Thrown by a handler when retrying cannot help. */
export class FailJob extends Error {
  override name = 'FailJob';
}

export interface JobRunnerOptions {
  jobs: JobRepository;
  handlers: Record<string, JobHandler>;
  log: FastifyBaseLogger;
  /** 0: never polls (tests call runDueJobs themselves). */
  pollIntervalMs: number;
  /** Runs before each claim: turns due subscriptions into renewal jobs, for example. */
  schedule?: () => Promise<void>;
  workerId?: string;
  /** How long a claimed job is ours before another worker may take it over. */
  lockMs?: number;
  batchSize?: number;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 3600_000;

/** Default back-off: 30 s, 1 min, 2 min, ... up to 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/**
 * The error's message followed by its causes': a job's last error should say why the mail
 * server or provider failed, not only our wrapper's words.
 */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e !== undefined && depth < 4; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(': ');
}

/**
 * Polls the jobs table. Any number of processes may run one: jobs are claimed with
 * FOR UPDATE SKIP LOCKED, so each runs once; a crashed worker's jobs come back when their lock
 * passes.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const repo = options.jobs;
  const workerId = options.workerId ?? `worker-${process.pid}-${newId(6)}`;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 10;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function runOne(job: JobRow): Promise<void> {
    const handler = options.handlers[job.kind];
    try {
      if (!handler) throw new FailJob(`No handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await repo.complete(job.id, workerId);
    } catch (error) {
      const message = errorText(error);
      if (error instanceof FailJob || job.attempts >= job.maxAttempts) {
        options.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
        await repo.fail(job.id, workerId, message);
      } else {
        const runAt =
          error instanceof RetryJobAt
            ? error.runAt
            : new Date(Date.now() + backoffMs(job.attempts));
        options.log.warn({ err: error, jobId: job.id, kind: job.kind, runAt }, 'job will retry');
        await repo.retryAt(job.id, workerId, runAt, message);
      }
    }
  }

  async function drain(): Promise<number> {
    let ran = 0;
    if (options.schedule) await options.schedule();
    for (;;) {
      const batch = await repo.claimDue(workerId, batchSize, lockMs);
      if (batch.length === 0) return ran;
      for (const job of batch) await runOne(job);
      ran += batch.length;
      if (stopped) return ran;
    }
  }

  return {
    workerId,
    /** Runs every due job now; resolves with how many ran. */
    async runDueJobs(): Promise<number> {
      if (running) await running.catch(() => 0);
      running = drain();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
    start() {
      if (options.pollIntervalMs <= 0 || timer) return;
      stopped = false;
      const tick = () => {
        if (running || stopped) return;
        running = drain();
        running
          .catch((err: unknown) => options.log.error({ err }, 'job runner failed'))
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(tick, options.pollIntervalMs);
      timer.unref();
    },
    /** Stops polling and waits for the jobs in hand. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running.catch(() => 0);
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
