import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
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

export function createJobRepository(db: Db) {
  return {
    /** True when the job was added; false when its unique key was taken. Works inside a transaction. */
    async enqueue(job: EnqueueJob): Promise<boolean> {
      const rows = await db
        .insert(jobs)
        .values({
          kind: job.kind,
          payload: job.payload,
          runAt: job.runAt ?? new Date(),
          uniqueKey: job.uniqueKey ?? null,
          maxAttempts: job.maxAttempts ?? 5,
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * Takes up to `limit` due jobs for this worker in one statement. FOR UPDATE SKIP LOCKED: two
     * workers claiming at once get different jobs. A running job whose lock passed (its worker
     * crashed) is due again.
     */
    async claimDue(workerId: string, limit: number, lockMs: number): Promise<JobRow[]> {
      const now = new Date();
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
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
          lockedUntil: new Date(now.getTime() + lockMs),
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

    async findByUniqueKey(uniqueKey: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.uniqueKey, uniqueKey)).limit(1);
      return row;
    },

    /** Whether a job of this kind whose key starts with `keyPrefix` is still waiting to run. */
    async hasPending(kind: string, keyPrefix: string): Promise<boolean> {
      const rows = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, kind),
            eq(jobs.status, 'pending'),
            sql`starts_with(${jobs.uniqueKey}, ${keyPrefix})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async listByKind(kind: string): Promise<JobRow[]> {
      return db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(asc(jobs.createdAt));
    },
  };
}
export type JobRepository = ReturnType<typeof createJobRepository>;
