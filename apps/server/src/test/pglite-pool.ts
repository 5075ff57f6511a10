import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * One PGlite database per test worker, lent to one test file after another and put back as the
 * migrated template left it before each loan (docs/testing.md): starting PGlite costs about a
 * second of CPU, emptying its tables a few milliseconds. What a loan gives back:
 * - every table of `public` emptied, then refilled with the rows the migrations wrote (kept
 *   aside in the schema `test_baseline` when the pool starts), triggers and foreign keys off
 *   while it refills;
 * - every sequence where the template had it;
 * - the session's settings and advisory locks released, and the listeners the file opened
 *   stopped.
 * A file that needs a second database at once, or changes the schema, gets one of its own.
 */
export function createPglitePool(database: Database) {
  const { db } = database;
  let free = false;
  let tables: string[] = [];
  const baseline: { table: string; columns: string }[] = [];
  let sequences: { name: string; value: string; called: boolean }[] = [];
  const listening = new Set<() => Promise<void>>();

  const rows = async <T>(query: ReturnType<typeof sql.raw>) => rowsOf<T>(await db.execute(query));

  async function keepBaseline() {
    tables = (
      await rows<{ name: string }>(
        sql.raw(`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`),
      )
    ).map((t) => t.name);
    await db.execute(sql.raw('create schema test_baseline'));
    for (const table of tables) {
      const [any] = await rows<{ one: number }>(sql.raw(`select 1 as one from ${table} limit 1`));
      if (!any) continue;
      // Generated columns are computed again on insert: they are not copied.
      const columns = (
        await rows<{ name: string }>(
          sql.raw(`select quote_ident(attname) as name from pg_attribute
                   where attrelid = 'public.${table}'::regclass and attnum > 0
                     and not attisdropped and attgenerated = ''
                   order by attnum`),
        )
      )
        .map((c) => c.name)
        .join(', ');
      await db.execute(
        sql.raw(`create table test_baseline.${table} as select ${columns} from ${table}`),
      );
      baseline.push({ table, columns });
    }
    sequences = await rows(
      sql.raw(`select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
                      coalesce(last_value, start_value)::text as value,
                      last_value is not null as called
               from pg_sequences where schemaname = 'public'`),
    );
  }

  async function restore() {
    await db.execute(sql.raw('reset all'));
    await db.execute(sql.raw('select pg_advisory_unlock_all()'));
    await db.execute(sql.raw('set session_replication_role = replica'));
    try {
      // Deleting a test's few rows costs a fraction of truncating every table, which gives
      // each table and index a new file; with foreign keys off, the order does not matter.
      if (tables.length) {
        await db.execute(
          sql.raw(`do $$ begin ${tables.map((t) => `delete from ${t};`).join(' ')} end $$`),
        );
      }
      for (const { table, columns } of baseline) {
        await db.execute(
          sql.raw(`insert into ${table} (${columns}) overriding system value
                   select ${columns} from test_baseline.${table}`),
        );
      }
    } finally {
      await db.execute(sql.raw('set session_replication_role = origin'));
    }
    for (const { name, value, called } of sequences) {
      await db.execute(sql.raw(`select setval('${name}', ${value}, ${called})`));
    }
  }

  const lent: Database = {
    ...database,
    async listen(channel, handler) {
      const stop = await database.listen(channel, handler);
      const tracked = async () => {
        listening.delete(tracked);
        await stop();
      };
      listening.add(tracked);
      return tracked;
    },
    // Given back, not closed: the next file's loan restores it.
    async close() {
      for (const stop of [...listening]) await stop();
      free = true;
    },
  };

  return {
    /** Keeps aside what the migrations wrote; call once, before the first loan. */
    start: keepBaseline,
    /** The database as the template left it, or undefined while a file holds it. */
    async lend(): Promise<Database | undefined> {
      if (!free) return undefined;
      free = false;
      await restore();
      return lent;
    },
    /** The first loan, straight after start(): nothing to restore yet. */
    first(): Database {
      return lent;
    },
  };
}
