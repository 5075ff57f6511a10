import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * One database per test worker, lent to one test file after another and put back as the
 * migrated template left it before each loan (docs/testing.md): starting PGlite costs about a
 * second of CPU and copying a PostgreSQL database about half a second, emptying its tables a few
 * milliseconds. What a loan gives back:
 * - every table of `public` emptied, then refilled with the rows the migrations wrote (kept
 *   aside in the schema `test_baseline` when the pool starts), with triggers and foreign keys off;
 * - every sequence where the template had it;
 * - no session state of the file before: PGlite's one session has its settings and advisory
 *   locks released; PostgreSQL's connections are closed with each loan and opened again
 *   (`reconnect`); the listeners the file opened are stopped.
 * A file that needs a second database at once, or changes the schema, gets one of its own.
 */
export async function createDatabasePool(
  connect: () => Promise<Database>,
  options: { reconnect: boolean },
) {
  let database = await connect();
  let free = false;
  let tables: string[] = [];
  const baseline: { table: string; columns: string }[] = [];
  let sequences: { name: string; value: string; called: boolean }[] = [];
  const listening = new Set<() => Promise<void>>();

  const rows = async <T>(query: ReturnType<typeof sql.raw>) =>
    rowsOf<T>(await database.db.execute(query));

  async function keepBaseline() {
    tables = (
      await rows<{ name: string }>(
        sql.raw(`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`),
      )
    ).map((t) => t.name);
    await database.db.execute(sql.raw('create schema test_baseline'));
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
      await database.db.execute(
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
    if (options.reconnect) {
      database = await connect();
    } else {
      await database.db.execute(sql.raw('reset all'));
      await database.db.execute(sql.raw('select pg_advisory_unlock_all()'));
    }
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      // Deleting a test's few rows costs a fraction of truncating every table, which gives
      // each table and index a new file; with foreign keys off, the order does not matter.
      if (tables.length) {
        await tx.execute(
          sql.raw(`do $$ begin ${tables.map((t) => `delete from ${t};`).join(' ')} end $$`),
        );
      }
      for (const { table, columns } of baseline) {
        await tx.execute(
          sql.raw(`insert into ${table} (${columns}) overriding system value
                   select ${columns} from test_baseline.${table}`),
        );
      }
      for (const { name, value, called } of sequences) {
        await tx.execute(sql.raw(`select setval('${name}', ${value}, ${called})`));
      }
    });
  }

  /** The database as a file sees it: closing it gives it back. */
  const lent = (): Database => ({
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
    async close() {
      for (const stop of [...listening]) await stop();
      if (options.reconnect) await database.close();
      free = true;
    },
  });

  await keepBaseline();
  return {
    /** The database as the template left it, or undefined while a file holds it. */
    async lend(): Promise<Database | undefined> {
      if (!free) return undefined;
      free = false;
      await restore();
      return lent();
    },
    /** The first loan, straight after the pool starts: nothing to restore yet. */
    first: lent,
  };
}
