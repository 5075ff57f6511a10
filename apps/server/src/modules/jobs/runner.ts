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
  /** How long a woken lane waits for the jobs added with the one that woke it (20 ms). */
  gatherMs?: number;
}

/** How long a woken lane waits for more jobs before it claims. */
const GATHER_MS = 20;

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
  /** Jobs in hand now. */
  running: number;
  /** A claim is on its way to the database (one at a time per lane). */
  claiming: boolean;
  /** A job was announced while the lane claimed: it claims again. */
  again: boolean;
  /** The last claim filled every free slot, or a job came while none was free: more may be due. */
  moreDue: boolean;
  /** The claims and jobs in hand, which `stop` waits for. */
  slots: Set<Promise<void>>;
  /** Set while a wake-up waits to claim (`GATHER_MS`). */
  wakeTimer?: NodeJS.Timeout;
}

/**
 * Runs the jobs table in lanes. Each lane claims only its own kinds with FOR UPDATE SKIP LOCKED,
 * up to its concurrency at once: a lane whose jobs hang (an endpoint that never answers) holds
 * its own slots and no other lane's. A started lane claims as many jobs as it has free slots in
 * one statement, and claims again only when that claim came back full or a job was announced
 * meanwhile: an order's three mails cost one claim, not one per mail and one more per slot that
 * found nothing. Any number of processes may run one: each job runs once, and a crashed
 * worker's jobs come back when their lock passes.
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
    running: 0,
    claiming: false,
    again: false,
    moreDue: false,
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

  /**
   * Fills a started lane's free slots: claims up to that many due jobs in one statement and starts
   * each. While a claim is on its way, a job announced meanwhile makes it claim once more; a claim
   * that filled every slot leaves `moreDue`, so the first job to end claims again.
   */
  async function fill(lane: Lane): Promise<void> {
    if (lane.claiming) {
      lane.again = true;
      return;
    }
    lane.claiming = true;
    try {
      do {
        lane.again = false;
        const free = lane.concurrency - lane.running;
        if (free <= 0) {
          lane.moreDue = true;
          return;
        }
        const jobs = await repo.claimDue(workerId, lane.filter, free, lockMs);
        for (const job of jobs) begin(lane, job);
        lane.moreDue = jobs.length === free;
      } while (lane.again && !stopped);
    } catch (err) {
      options.log.error(
        { err, lane: lane.name },
        'job lane failed; it tries again at the next poll',
      );
    } finally {
      lane.claiming = false;
    }
  }

  function begin(lane: Lane, job: JobRow) {
    lane.running += 1;
    const run: Promise<void> = runOne(job)
      // Its outcome could not be written (the database went away): it runs again once its lock
      // passes.
      .catch((err: unknown) =>
        options.log.error({ err, jobId: job.id, kind: job.kind }, 'job outcome not recorded'),
      )
      .finally(() => {
        lane.running -= 1;
        lane.slots.delete(run);
        if (lane.moreDue && !stopped) track(lane, fill(lane));
      });
    lane.slots.add(run);
  }

  function track(lane: Lane, work: Promise<void>) {
    lane.slots.add(work);
    void work.finally(() => lane.slots.delete(work));
  }

  /**
   * The runner's own context. A job added by a request wakes its lane from inside that request
   * (on PGlite the notification is heard in the same process, at once): the slot it starts runs
   * here instead, so its work is never counted as the request's (the query log, a trace).
   */
  const scope = new AsyncResource('job-runner');

  /**
   * A lane woken by an added job claims a moment later, so the jobs added around it share one
   * claim: an order's receipt, queued with the order, and its team's mail, queued just after
   * the answer, are one claim, and a burst of orders one claim per few orders.
   */
  function wake(lane: Lane) {
    if (!started || stopped || lane.wakeTimer) return;
    lane.wakeTimer = setTimeout(() => {
      lane.wakeTimer = undefined;
      if (started && !stopped) scope.runInAsyncScope(() => track(lane, fill(lane)));
    }, options.gatherMs ?? GATHER_MS).unref();
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
      for (const lane of lanes) {
        clearTimeout(lane.wakeTimer);
        lane.wakeTimer = undefined;
      }
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      await Promise.allSettled([...lanes.flatMap((lane) => [...lane.slots]), ...drains]);
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
