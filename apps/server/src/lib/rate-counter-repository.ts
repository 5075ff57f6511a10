import { createHash } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import { rateCounters } from '../db/schema.ts';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends (epoch ms); it opened with its first hit. */
  resetAt: number;
}

/** How often a process deletes windows that have ended (they are ignored until then). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Hits per key in fixed windows, kept in the database so that every process counts alike:
 * with `WORKERS` or several machines a limit is one limit, not one per process, and a restart
 * does not forget it (docs/decisions/006-sign-in-limits.md). A hit is one upsert; keys are
 * stored as hashes.
 */
export function createRateCounters(db: Db, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  let lastSweep = now();

  const sweep = async (t: number) => {
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    await db.delete(rateCounters).where(lte(rateCounters.expiresAt, new Date(t)));
  };

  return {
    /** Counts a hit on `key`; a window that has ended starts again with this hit. */
    async hit(key: string, windowMs: number): Promise<WindowCount> {
      const t = now();
      const at = new Date(t);
      // `rate_counters` is the stored window, `excluded` the fresh window of one this hit would
      // insert (qualified: a bare column name is ambiguous in ON CONFLICT DO UPDATE).
      const ended = sql`rate_counters.expires_at <= ${at}`;
      const [row] = await db
        .insert(rateCounters)
        .values({ keyHash: hashKey(key), hits: 1, expiresAt: new Date(t + windowMs) })
        .onConflictDoUpdate({
          target: rateCounters.keyHash,
          set: {
            hits: sql`case when ${ended} then 1 else rate_counters.hits + 1 end`,
            expiresAt: sql`case when ${ended} then excluded.expires_at else rate_counters.expires_at end`,
          },
        })
        .returning({ hits: rateCounters.hits, expiresAt: rateCounters.expiresAt });
      await sweep(t);
      return { hits: row!.hits, resetAt: row!.expiresAt.getTime() };
    },

    /** Forgets `key`'s window. */
    async clear(key: string) {
      await db.delete(rateCounters).where(eq(rateCounters.keyHash, hashKey(key)));
    },

    now,
  };
}
export type RateCounters = ReturnType<typeof createRateCounters>;

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * A store for `@fastify/rate-limit` on the shared counters. Each route's limit counts under
 * its own method and path, as the plugin's in-memory store does.
 */
export function rateLimitStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(options?: unknown) {
      this.prefix = typeof options === 'string' ? options : 'limit:';
    }

    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ hits, resetAt }) =>
          done(null, { current: hits, ttl: Math.max(0, resetAt - counters.now()) }),
        (error: Error) => done(error),
      );
    }

    // The plugin passes the route's merged limit options, the route itself under `routeInfo`
    // (its type declarations say otherwise).
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedStore(
        `${this.prefix}${String(route?.method ?? '')} ${String(route?.url ?? '')}:`,
      );
    }
  }
  return SharedStore;
}
