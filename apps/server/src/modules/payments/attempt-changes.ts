import type { Database } from '../../db/client.ts';

/** Sent by the database when a payment attempt's state changes (migration 0012's trigger). */
export const ATTEMPT_STATE_CHANNEL = 'payment_attempt_state';

/**
 * Lets a request wait for another request's payment attempt (same idempotency key, any server
 * process) without polling: the database sends NOTIFY on ATTEMPT_STATE_CHANNEL when the
 * attempt's state changes, after the change commits.
 */
export interface AttemptChanges {
  /**
   * Starts listening for `attemptId`. Read the attempt after this resolves, so a change between
   * the read and the wait is not missed; `next(ms)` then resolves at the first change since the
   * last call, or after `ms`. `stop` when done.
   */
  watch(attemptId: string): Promise<AttemptWatch>;
}

export interface AttemptWatch {
  next(ms: number): Promise<void>;
  stop(): void;
}

export function createAttemptChanges(database: Pick<Database, 'listen'>): AttemptChanges {
  const watchers = new Map<string, Set<() => void>>();
  // One LISTEN per process, opened by the first wait.
  let listening: Promise<unknown> | undefined;

  const listen = () => {
    listening ??= database
      .listen(ATTEMPT_STATE_CHANNEL, (attemptId) => {
        for (const wake of watchers.get(attemptId) ?? []) wake();
      })
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
    return listening;
  };

  return {
    async watch(attemptId) {
      let changed = false;
      let wakeWaiter: (() => void) | undefined;
      const onChange = () => {
        changed = true;
        wakeWaiter?.();
      };
      const set = watchers.get(attemptId) ?? new Set();
      set.add(onChange);
      watchers.set(attemptId, set);
      const stop = () => {
        set.delete(onChange);
        if (set.size === 0) watchers.delete(attemptId);
      };
      try {
        await listen();
      } catch (error) {
        stop();
        throw error;
      }
      return {
        next: (ms) =>
          new Promise<void>((resolve) => {
            if (changed) {
              changed = false;
              resolve();
              return;
            }
            const timer = setTimeout(done, Math.max(ms, 0));
            function done() {
              clearTimeout(timer);
              wakeWaiter = undefined;
              changed = false;
              resolve();
            }
            wakeWaiter = done;
          }),
        stop,
      };
    },
  };
}
