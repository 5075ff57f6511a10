import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.ts';
import {
  CATCH_ALL_LANE,
  jobLanes,
  type JobHandler,
  type JobLane,
  type JobSchedule,
  type JobSet,
} from './lanes.ts';
import type { JobRepository, JobRow, KindFilter } from './repository.ts';

export type { JobHandler } from './lanes.ts';

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
  /** Every module's job kinds and sweeps (background.ts lists them). */
  sets: JobSet[];
  /** How many jobs of each lane this process runs at once. */
  concurrency: Record<JobLane, number>;
  log: FastifyBaseLogger;
  /** 0: never runs by itself, neither polled nor woken (tests call runDueJobs). */
  pollIntervalMs: number;
  /**
   * Calls `wake` with a job's kind whenever one is added, by any process (the database's
   * NOTIFY); answers how to stop. Without it, or while it is down, the poll finds the job.
   */
  listen?: (wake: (kind: string) => void) => Promise<() => Promise<void>>;
  /** The clock the sweeps are given (tests fix it). */
  now?: () => Date;
  workerId?: string;
  /** How long a claimed job is ours before another worker may take it over. */
  lockMs?: number;
}

/** A sweep's lock: they take seconds, and running one twice at once does no harm. */
const SWEEP_LOCK_MS = 30_000;
/** Between a sweep's rounds when the runner does not poll (tests, a second runner). */
const SWEEP_EVERY_MS = 60_000;

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

interface Entry {
  lane: JobLane;
  run: JobHandler;
  schedule?: JobSchedule;
}

interface Lane {
  name: JobLane;
  filter: KindFilter;
  concurrency: number;
  /** Slots claiming or running a job now. */
  active: number;
  /** Counts wake-ups: a slot that found nothing looks again if one came while it looked. */
  wakes: number;
  slots: Set<Promise<void>>;
}

/**
 * Runs the jobs table in lanes. Each lane claims only its own kinds, one job per slot, with
 * FOR UPDATE SKIP LOCKED, up to its concurrency at once: a lane whose jobs hang (an endpoint that
 * never answers) holds its own slots and no other lane's. Any number of processes may run one:
 * each job runs once, and a crashed worker's jobs come back when their lock passes.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const repo = options.jobs;
  const workerId = options.workerId ?? `worker-${process.pid}-${newId(6)}`;
  const lockMs = { job: options.lockMs ?? 5 * 60_000, sweep: SWEEP_LOCK_MS };
  const everyMs = (schedule: JobSchedule) =>
    schedule.everyMs ?? (options.pollIntervalMs > 0 ? options.pollIntervalMs : SWEEP_EVERY_MS);
  const now = options.now ?? (() => new Date());

  const entries = new Map<string, Entry>();
  const add = (kind: string, entry: Entry) => {
    if (entries.has(kind)) throw new Error(`Job kind ${kind} is defined twice`);
    entries.set(kind, entry);
  };
  const schedules: JobSchedule[] = [];
  for (const set of options.sets) {
    for (const [kind, { lane, run }] of Object.entries(set.kinds ?? {})) add(kind, { lane, run });
    for (const schedule of set.schedules ?? []) {
      schedules.push(schedule);
      add(schedule.kind, {
        lane: schedule.lane,
        run: async () => {
          await schedule.run(now());
        },
        schedule,
      });
    }
  }
  const known = [...entries.keys()];
  const kindsOf = (name: JobLane) => known.filter((kind) => entries.get(kind)!.lane === name);
  const lanes: Lane[] = jobLanes.map((name) => ({
    name,
    filter:
      name === CATCH_ALL_LANE
        ? { except: known.filter((kind) => entries.get(kind)!.lane !== name) }
        : { only: kindsOf(name) },
    concurrency: Math.max(1, options.concurrency[name]),
    active: 0,
    wakes: 0,
    slots: new Set(),
  }));
  const laneOf = (kind: string) => {
    const name = entries.get(kind)?.lane ?? CATCH_ALL_LANE;
    return lanes.find((lane) => lane.name === name)!;
  };

  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;
  let schedulesReady = false;
  let stopping = new AbortController();
  let unlisten: (() => Promise<void>) | undefined;
  const drains = new Set<Promise<unknown>>();

  async function ensureSchedules(due: boolean) {
    for (const schedule of schedules) await repo.ensureSweep(schedule.kind, due);
  }

  async function runOne(job: JobRow): Promise<void> {
    const entry = entries.get(job.kind);
    const schedule = entry?.schedule;
    try {
      if (!entry) throw new FailJob(`No handler for job kind ${job.kind}`);
      await entry.run(job.payload, job, { signal: stopping.signal });
      if (schedule) {
        await repo.reschedule(job.id, workerId, new Date(Date.now() + everyMs(schedule)), null);
      } else {
        await repo.complete(job.id, workerId);
      }
    } catch (error) {
      const message = errorText(error);
      if (schedule) {
        options.log.warn({ err: error, kind: job.kind }, 'sweep failed; it runs again next round');
        await repo.reschedule(job.id, workerId, new Date(Date.now() + everyMs(schedule)), message);
      } else if (error instanceof FailJob || job.attempts >= job.maxAttempts) {
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

  async function claimOne(lane: Lane): Promise<JobRow | undefined> {
    const [job] = await repo.claimDue(workerId, lane.filter, 1, lockMs);
    return job;
  }

  /** One slot of a started lane: claims and runs until the lane has nothing due. */
  async function runSlot(lane: Lane): Promise<void> {
    try {
      while (!stopped) {
        const seen = lane.wakes;
        const job = await claimOne(lane);
        if (!job) {
          if (lane.wakes !== seen) continue;
          return;
        }
        // One job found, maybe more: another slot looks while this one runs it.
        if (lane.active < lane.concurrency) spawn(lane);
        await runOne(job);
      }
    } catch (err) {
      options.log.error(
        { err, lane: lane.name },
        'job lane failed; it tries again at the next poll',
      );
    }
  }

  function spawn(lane: Lane) {
    lane.active += 1;
    const slot: Promise<void> = runSlot(lane).finally(() => {
      lane.active -= 1;
      lane.slots.delete(slot);
    });
    lane.slots.add(slot);
  }

  /**
   * The runner's own context. A job added by a request wakes its lane from inside that request
   * (on PGlite the notification is heard in the same process, at once): the slot it starts runs
   * here instead, so its work is never counted as the request's (the query log, a trace).
   */
  const scope = new AsyncResource('job-runner');

  function wake(lane: Lane) {
    if (!started || stopped) return;
    lane.wakes += 1;
    if (lane.active < lane.concurrency) scope.runInAsyncScope(spawn, null, lane);
  }

  function tick() {
    if (!schedulesReady) {
      ensureSchedules(false)
        .then(() => {
          schedulesReady = true;
        })
        .catch((err: unknown) => options.log.error({ err }, 'could not add the sweeps'));
    }
    for (const lane of lanes) wake(lane);
  }

  /** Every due job of one lane, `concurrency` at a time; answers how many ran, sweeps apart. */
  async function drainLane(lane: Lane): Promise<{ jobs: number; all: number }> {
    const ran = { jobs: 0, all: 0 };
    const worker = async () => {
      while (!stopped) {
        const job = await claimOne(lane);
        if (!job) return;
        await runOne(job);
        ran.all += 1;
        if (!entries.get(job.kind)?.schedule) ran.jobs += 1;
      }
    };
    await Promise.all(Array.from({ length: lane.concurrency }, worker));
    return ran;
  }

  async function drainAll(): Promise<number> {
    await ensureSchedules(true);
    let total = 0;
    // A job or sweep may add another lane's job (a renewal queues its receipt): rounds go on
    // until one ran no job. Sweeps due again in a later round do not keep them going.
    for (let round = 0; ; round++) {
      const lanesRan = await Promise.all(lanes.map(drainLane));
      const jobs = lanesRan.reduce((sum, r) => sum + r.jobs, 0);
      const all = lanesRan.reduce((sum, r) => sum + r.all, 0);
      total += jobs;
      if (stopped || all === 0 || (jobs === 0 && round > 0)) return total;
    }
  }

  return {
    workerId,
    /**
     * Runs every sweep now and every due job of every lane, jobs those add included; resolves when
     * none is left, with how many jobs ran (the sweeps not counted).
     */
    async runDueJobs(): Promise<number> {
      const drain = drainAll();
      drains.add(drain);
      try {
        return await drain;
      } finally {
        drains.delete(drain);
      }
    },
    /** Polls every lane, and wakes a lane when a job of its kinds is added. */
    async start() {
      if (options.pollIntervalMs <= 0 || started) return;
      started = true;
      stopped = false;
      stopping = new AbortController();
      if (options.listen) {
        try {
          unlisten = await options.listen((kind) => wake(laneOf(kind)));
        } catch (err) {
          options.log.warn({ err }, 'jobs are not woken when added; the poll finds them');
        }
      }
      timer = setInterval(tick, options.pollIntervalMs);
      timer.unref();
      tick();
    },
    /** Stops taking jobs, tells the handlers in hand to give up waiting, and waits for them. */
    async stop() {
      stopped = true;
      started = false;
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      await Promise.allSettled([...lanes.flatMap((lane) => [...lane.slots]), ...drains]);
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
