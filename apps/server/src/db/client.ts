import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL LISTEN: `handler` gets every payload sent on `channel` by any process sharing the
   * database. Answers a function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL NOTIFY, heard by every listener of any process. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * How many SQL statements `db` has sent since the database was opened (transactions' BEGIN and
   * COMMIT not included). Tests take the difference around a request to pin queries per request.
   */
  queryCount(): number;
  /**
   * Calls `listener` with every statement `db` sends and its parameters (BEGIN and COMMIT not
   * included) until the answered function is called. For profiling (plugins/query-log.ts).
   */
  watchQueries(listener: QueryListener): () => void;
}

export type QueryListener = (sql: string, params: unknown[]) => void;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string;
  poolSize?: number;
  /** PGlite folder; `memory` keeps it in memory (tests). */
  pgliteDir?: string | 'memory';
  /** A PGlite data folder dumped by `dumpDataDir` to start from (tests: migrated once). */
  pgliteFrom?: Blob;
}

/** The migrations folder: next to src/ in development, next to dist/ when bundled. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? 'memory', options.pgliteFrom);
}

/** Counts the statements drizzle sends (one increment per query) and tells any watchers. */
function createQueryCounter() {
  let count = 0;
  const listeners = new Set<QueryListener>();
  return {
    logger: {
      logQuery(sql: string, params: unknown[]) {
        count += 1;
        for (const listener of listeners) listener(sql, params);
      },
    },
    queryCount: () => count,
    watchQueries: (listener: QueryListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A request waits at most 10 s for a connection: while the database is down it gets a 503
  // (plugins/errors.ts) instead of hanging.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const counter = createQueryCounter();
  const db: Db = drizzlePg(pool, { schema, logger: counter.logger });
  // Several processes may start at once: one migrates while the others wait on the lock.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
  const listener = createPgListener(url);
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
    listen: listener.listen,
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    queryCount: counter.queryCount,
    watchQueries: counter.watchQueries,
  };
}

async function openPglite(dir: string, from?: Blob): Promise<Database> {
  const unlock = dir === 'memory' ? () => {} : await lockDataDir(path.dirname(path.resolve(dir)));
  try {
    const client = await PGlite.create(dir === 'memory' ? undefined : dir, {
      extensions: { pg_trgm },
      ...(from ? { loadDataDir: from } : {}),
    });
    await migratePglite(drizzlePglite(client, { schema }), {
      migrationsFolder: migrationsFolder(),
    });
    const counter = createQueryCounter();
    const db: Db = drizzlePglite(client, { schema, logger: counter.logger });
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await client.close();
        unlock();
      },
      listen: async (channel, handler) => {
        const unsubscribe = await client.listen(channel, handler);
        return async () => {
          await unsubscribe();
        };
      },
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      queryCount: counter.queryCount,
      watchQueries: counter.watchQueries,
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * LISTEN needs a connection of its own, outside the pool. One per process, opened on first use,
 * reconnected after a drop (a notification sent while it was down is missed; listeners refetch).
 */
function createPgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      c.on('error', () => {
        client = undefined;
        connecting = undefined;
        if (!closed) setTimeout(() => void reconnect(), 1000).unref();
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`listen "${channel}"`);
      client = c;
      return c;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  };
  const reconnect = async () => {
    if (closed || handlers.size === 0) return;
    await connect().catch(() => setTimeout(() => void reconnect(), 2000).unref());
  };

  return {
    async listen(channel: string, handler: (payload: string) => void) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(handler);
      handlers.set(channel, set);
      const c = await connect();
      if (first) await c.query(`listen "${channel}"`);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`unlisten "${channel}"`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
