import { and, asc, eq, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  /** Enqueueing a key that exists already does nothing. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** Sent by the database when a job is added (the trigger of migration 0037), after it commits. */
export const JOB_ADDED_CHANNEL = 'job_added';

/** A sweep's row is one for every process: its unique key is the prefix and its kind. */
const SWEEP_KEY_PREFIX = 'schedule:';
export const sweepKey = (kind: string) => `${SWEEP_KEY_PREFIX}${kind}`;

/**
 * Which kinds a lane claims: its own (`only`), or, for the one lane that also takes kinds no lane
 * names, every kind but the other lanes' (`except`).
 */
export type KindFilter = { only: string[] } | { except: string[] };

function kindCondition(filter: KindFilter): SQL {
  if ('only' in filter) return filter.only.length ? inArray(jobs.kind, filter.only) : sql`false`;
  return filter.except.length ? notInArray(jobs.kind, filter.except) : sql`true`;
}

const jobValues = (job: EnqueueJob) => ({
  kind: job.kind,
  payload: job.payload,
  runAt: job.runAt ?? new Date(),
  uniqueKey: job.uniqueKey ?? null,
  maxAttempts: job.maxAttempts ?? 5,
});

/**
 * The insert of `list`, not yet sent: another repository puts it in a statement of its own (a
 * `WITH`), so rows and the jobs that go with them are written at once with no transaction
 * around them. A job whose unique key is taken is skipped.
 */
export function insertJobsQuery(db: Db, list: readonly EnqueueJob[]) {
  return db
    .insert(jobs)
    .values(list.map(jobValues))
    .onConflictDoNothing()
    .returning({ id: jobs.id });
}

/** Adds a job; false when its unique key is taken. */
async function insertJob(db: Db, job: EnqueueJob): Promise<boolean> {
  const rows = await insertJobsQuery(db, [job]);
  return rows.length > 0;
}

export function createJobRepository(db: Db) {
  return {
    /** True when the job was added; false when its unique key was taken. Works inside a transaction. */
    async enqueue(job: EnqueueJob): Promise<boolean> {
      return insertJob(db, job);
    },

    /**
     * Adds a sweep's one row unless it exists; `due` makes a waiting one due now. A done or failed
     * one (set by hand) starts again: a sweep must not stop for good.
     */
    async ensureSweep(kind: string, due: boolean): Promise<void> {
      const now = new Date();
      await db
        .insert(jobs)
        .values({ kind, payload: {}, uniqueKey: sweepKey(kind), runAt: now })
        .onConflictDoUpdate({
          target: jobs.uniqueKey,
          set: { status: 'pending', runAt: now, lockedUntil: null },
          setWhere: due
            ? sql`${jobs.status} <> 'running'`
            : inArray(jobs.status, ['done', 'failed']),
        });
    },

    /**
     * Takes up to `limit` due jobs of the lane's kinds for this worker in one statement, oldest
     * first. FOR UPDATE SKIP LOCKED: two workers claiming at once get different jobs. A running
     * job whose lock passed (its worker crashed) is due again.
     */
    async claimDue(
      workerId: string,
      filter: KindFilter,
      limit: number,
      lockMs: { job: number; sweep: number },
    ): Promise<JobRow[]> {
      const now = new Date();
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            kindCondition(filter),
            or(
              and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
              and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: workerId,
          // A sweep is short and safe to run twice: one cut off by a crash is taken over soon,
          // not after a renewal's long lock.
          lockedUntil: sql`case when starts_with(${jobs.uniqueKey}, ${SWEEP_KEY_PREFIX})
            then ${new Date(now.getTime() + lockMs.sweep).toISOString()}::timestamptz
            else ${new Date(now.getTime() + lockMs.job).toISOString()}::timestamptz end`,
        })
        .where(inArray(jobs.id, due))
        .returning();
    },

    async complete(id: string, workerId: string): Promise<void> {
      await db
        .update(jobs)
        .set({
          status: 'done',
          lockedUntil: null,
          lastError: null,
          // A sent mail's body (reset and claim links among them) is not kept once it is sent.
          payload: sql`case when ${jobs.kind} = 'email' then ${jobs.payload} - 'text' - 'html' else ${jobs.payload} end`,
        })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
    },

    /** A sweep's round is over: it waits for the next, its tries counted afresh. */
    async reschedule(
      id: string,
      workerId: string,
      runAt: Date,
      error: string | null,
    ): Promise<void> {
      await db
        .update(jobs)
        .set({ status: 'pending', runAt, attempts: 0, lockedUntil: null, lastError: error })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
    },

    async retryAt(id: string, workerId: string, runAt: Date, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ status: 'pending', runAt, lockedUntil: null, lastError: error })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
    },

    async fail(id: string, workerId: string, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ status: 'failed', lockedUntil: null, lastError: error })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
    },

    /** A waiting job made due at `at`; false when no job of that key waits. */
    async runNow(uniqueKey: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ runAt: at })
        .where(and(eq(jobs.uniqueKey, uniqueKey), eq(jobs.status, 'pending')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async findByUniqueKey(uniqueKey: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.uniqueKey, uniqueKey)).limit(1);
      return row;
    },

    /** Whether a job of this kind whose key starts with `keyPrefix` is still waiting to run. */
    /**
     * Enqueues `job` unless a job of its kind whose key starts with `keyPrefix` is pending: one
     * at a time per prefix (an advisory lock), so two callers at once cannot both find none and
     * both enqueue (two digests of one conversation).
     */
    async enqueueUnlessPending(job: EnqueueJob, keyPrefix: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7312, hashtext(${keyPrefix}))`);
        const [pending] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            and(
              eq(jobs.kind, job.kind),
              eq(jobs.status, 'pending'),
              sql`starts_with(${jobs.uniqueKey}, ${keyPrefix})`,
            ),
          )
          .limit(1);
        if (pending) return false;
        return insertJob(tx, job);
      });
    },

    async listByKind(kind: string): Promise<JobRow[]> {
      return db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.createdAt));
    },
  };
}
export type JobRepository = ReturnType<typeof createJobRepository>;
