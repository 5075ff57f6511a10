import type { JobRow } from './repository.ts';

/**
 * Background work runs in lanes (docs/decisions/089-job-lanes.md), each with its own concurrency
 * and claiming only its own kinds, so a slow lane never holds up another:
 * - mail: mail someone is waiting for (a reset link, a confirmation, an invitation, a receipt);
 * - bulk: webhook deliveries, message digests, daily summaries, library bins;
 * - money: renewals and the sweeps that ask the payment provider (refunds, abandoned checks).
 */
export const jobLanes = ['mail', 'bulk', 'money'] as const;
export type JobLane = (typeof jobLanes)[number];

/** The lane that also claims kinds no lane names, so such a job fails where it can be seen. */
export const CATCH_ALL_LANE: JobLane = 'bulk';

export interface JobContext {
  /** Aborted when the runner stops: a handler waiting on someone else gives up and retries. */
  signal: AbortSignal;
}

export type JobHandler = (
  payload: Record<string, unknown>,
  job: JobRow,
  context?: JobContext,
) => Promise<void>;

export interface JobKind {
  lane: JobLane;
  run: JobHandler;
}

/**
 * A sweep run as a recurring job: one row per sweep for all processes, so one process runs it a
 * round, in its lane, and a round that fails is tried again the next.
 */
export interface JobSchedule {
  kind: string;
  lane: JobLane;
  /** Between rounds; by default the runner's poll interval, as when sweeps ran before each poll. */
  everyMs?: number;
  run: (now: Date) => Promise<unknown>;
}

/** What one module runs in the background: its job kinds and its sweeps. */
export interface JobSet {
  kinds?: Record<string, JobKind>;
  schedules?: JobSchedule[];
}

export function defineJobs(set: JobSet): JobSet {
  return set;
}
