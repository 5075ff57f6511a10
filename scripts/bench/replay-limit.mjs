// The replay limit of scripts/bench.mjs: exactly the database work of one request, replayed with
// nothing else (docs/decisions/060). The server writes down a request's statements
// (QUERY_LOG_FILE, apps/server/src/plugins/query-log.ts); each replay sends them again straight
// through `pg` or PGlite (no HTTP, no validation, no rendering, no serialisation). With `prepare`,
// `pg` prepares every statement once per connection.
// - A checkout (`checkoutPlan`): the statements of two checkouts, sent again in one transaction
//   with the values that differed between the two (new ids, keys, times) made fresh so that every
//   replay is a new order, as every checkout is.
// - A read (`readPlan`): the statements of the last recorded request, sent again as they were,
//   one after the other on one connection (with the BEGIN and COMMIT the server sent, if any).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}/;

/**
 * The last two recorded requests to `url` that answered 2xx, as a replay plan: their statements
 * (which must be the same SQL in the same order) and the values that change from one checkout to
 * the next.
 */
export function checkoutPlan(file, url) {
  const recorded = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((r) => r.url === url && r.status < 300);
  if (recorded.length < 2) throw new Error(`fewer than two recorded answers to ${url}`);
  // BEGIN and COMMIT are the replay's own: it runs everything in one transaction.
  const work = (r) => r.statements.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.sql));
  const [a, b] = recorded.slice(-2).map((r) => ({ ...r, statements: work(r) }));
  const sqlA = a.statements.map((s) => s.sql);
  const sqlB = b.statements.map((s) => s.sql);
  if (JSON.stringify(sqlA) !== JSON.stringify(sqlB)) {
    throw new Error('two checkouts sent different statements: the replay would not be one of them');
  }
  // Every value that differs between the two, whole (ids, keys) or as a time.
  const fresh = new Set();
  const times = new Set();
  a.statements.forEach((s, i) =>
    s.params.forEach((value, j) => {
      const other = b.statements[i].params[j];
      if (JSON.stringify(value) === JSON.stringify(other) || typeof value !== 'string') return;
      if (ISO_TIME.test(value)) times.add(value);
      else if (/^[\w.:-]{6,}$/.test(value)) fresh.add(value);
    }),
  );
  // A differing value inside a longer one (a job's JSON payload, a unique key) changes with it.
  const inside = [...fresh].sort((x, y) => y.length - x.length);
  return {
    statements: a.statements,
    changing: fresh.size,
    transaction: true,
    /** The statements of replay `n`: every changing value made new, consistently throughout. */
    replay(n) {
      const now = new Date().toISOString();
      const swap = new Map(inside.map((value) => [value, renamed(value, n)]));
      return a.statements.map(({ sql, params }) => ({
        sql,
        params: params.map((value) => {
          if (typeof value !== 'string') return value;
          if (times.has(value)) return now;
          if (swap.has(value)) return swap.get(value);
          let out = value;
          for (const [from, to] of swap) if (out.includes(from)) out = out.split(from).join(to);
          return out;
        }),
      }));
    },
  };
}

const run = Math.random().toString(36).slice(2, 8);
/** `value` with its end replaced by this run's and the replay's number, in base 36: same length. */
function renamed(value, n) {
  const tail = `${run}${n.toString(36)}`;
  return value.length > tail.length ? value.slice(0, value.length - tail.length) + tail : tail;
}

/**
 * The last recorded request to `url` that answered 2xx, as a replay plan: its statements, sent
 * again unchanged each time (a read makes nothing new).
 */
export function readPlan(file, url) {
  const recorded = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((r) => r.url === url && r.status < 300);
  const last = recorded.at(-1);
  if (!last) throw new Error(`no recorded answer to ${url}`);
  // A read the server wraps in a transaction is replayed in one (PGlite's callers share a
  // connection: a BEGIN of one would take in the statements of the others).
  const transaction = last.statements.some((s) => /^begin\b/i.test(s.sql));
  const statements = last.statements.filter((s) => !/^(begin|commit|rollback)\b/i.test(s.sql));
  return { statements, changing: 0, transaction, replay: () => statements };
}

/**
 * Each call on a connection of its own (`pg` pool or the one PGlite instance): `transaction` sends
 * the statements in one transaction, `sequence` one after the other as they are.
 */
export async function openReplayDatabase(env, connections, { prepare = false } = {}) {
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: connections });
    // With `prepare`, every statement prepared once per connection, by name, as the server
    // prepares its hottest (docs/decisions/113): the database's work at its least.
    const names = new Map();
    const prepared = (s) => {
      if (!prepare) return { text: s.sql, values: s.params };
      let name = names.get(s.sql);
      if (!name) {
        name = `replay_${createHash('sha1').update(s.sql).digest('hex').slice(0, 16)}`;
        names.set(s.sql, name);
      }
      return { name, text: s.sql, values: s.params };
    };
    return {
      async sequence(statements) {
        const client = await pool.connect();
        try {
          for (const s of statements) await client.query(prepared(s));
        } finally {
          client.release();
        }
      },
      async transaction(statements) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (const s of statements) await client.query(prepared(s));
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(path.join(path.resolve(env.DATA_DIR), 'pglite'), {
    extensions: { pg_trgm },
  });
  return {
    async sequence(statements) {
      for (const s of statements) await client.query(s.sql, s.params);
    },
    async transaction(statements) {
      await client.transaction(async (tx) => {
        for (const s of statements) await tx.query(s.sql, s.params);
      });
    },
    close: () => client.close(),
  };
}

/**
 * Replays the plan from `connections` callers at once for `seconds`: transactions a second and
 * the latency of each (from the start of its turn, waiting included, as a request's is).
 */
export async function replayFor(database, plan, connections, seconds, counter) {
  const took = [];
  const until = performance.now() + seconds * 1000;
  let errors = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const statements = plan.replay(counter.next++);
      const started = performance.now();
      try {
        await (plan.transaction ? database.transaction(statements) : database.sequence(statements));
        took.push(performance.now() - started);
      } catch (error) {
        errors += 1;
        if (errors === 1) console.log(`replay limit: ${error.message}`);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { total: took.length, duration: elapsed, took, errors };
}

export function percentile(list, p) {
  if (list.length === 0) return null;
  const sorted = [...list].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
