import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** Row count and content checksum of one table. */
export interface TableState {
  rows: number;
  md5: string;
}

export type DatabaseSnapshot = Record<string, TableState>;

/** The table the change watch (watchTableChanges) notes touched tables in. */
const TOUCHED = 'test_touched_tables';

/**
 * Every table of the public schema, with a row count and an md5 of all its rows (ordered by
 * their text form, so the physical order does not matter). One statement, so it is cheap enough
 * to take around every request of a property test.
 */
export async function snapshotDatabase(
  db: Db,
  options: { exclude?: readonly string[] } = {},
): Promise<DatabaseSnapshot> {
  const tables = await listTables(db);
  return hashTables(
    db,
    tables.filter((t) => t !== TOUCHED && !options.exclude?.includes(t)),
  );
}

const tableLists = new WeakMap<object, string[]>();

async function listTables(db: Db): Promise<string[]> {
  const cached = tableLists.get(db);
  if (cached) return cached;
  const result = await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ name: string }>(result).map((r) => r.name);
  // Names come from the catalogue, but they are spliced into SQL: refuse anything unexpected.
  for (const name of names) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected table name ${name}`);
  }
  tableLists.set(db, names);
  return names;
}

/** The tables whose count or checksum differ between two snapshots. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (n) => before[n]?.rows !== after[n]?.rows || before[n]?.md5 !== after[n]?.md5,
  );
}

/**
 * What a property test asks after each request: which tables changed since it last asked. A
 * statement-level trigger on every table (test databases only) notes the tables a statement
 * touched, and only those are hashed again and compared, instead of every table every time: the
 * bad-input suite asks this thousands of times. A statement that touched a table without changing
 * it (an update to the same values) is not a change: the hashes say so.
 */
export async function watchTableChanges(
  db: Db,
  options: { exclude?: readonly string[] } = {},
): Promise<{ changed: () => Promise<string[]> }> {
  const tables = (await listTables(db)).filter(
    (t) => t !== TOUCHED && !options.exclude?.includes(t),
  );
  await db.execute(sql.raw(`create table if not exists ${TOUCHED} (name text primary key)`));
  await db.execute(
    sql.raw(
      `create or replace function ${TOUCHED}_note() returns trigger language plpgsql as $$ ` +
        `begin insert into ${TOUCHED} values (TG_TABLE_NAME) on conflict do nothing; ` +
        `return null; end $$`,
    ),
  );
  for (const t of tables) {
    await db.execute(
      sql.raw(
        `create or replace trigger ${TOUCHED}_note after insert or update or delete or truncate ` +
          `on "${t}" for each statement execute function ${TOUCHED}_note()`,
      ),
    );
  }
  const states: DatabaseSnapshot = await hashTables(db, tables);
  return {
    async changed() {
      const touched = rowsOf<{ name: string }>(
        await db.execute(sql.raw(`delete from ${TOUCHED} returning name`)),
      )
        .map((r) => r.name)
        .filter((t) => t in states);
      if (touched.length === 0) return [];
      const now = await hashTables(db, touched);
      const changed = touched.filter(
        (t) => now[t]!.rows !== states[t]!.rows || now[t]!.md5 !== states[t]!.md5,
      );
      Object.assign(states, now);
      return changed.sort();
    },
  };
}

async function hashTables(db: Db, tables: readonly string[]): Promise<DatabaseSnapshot> {
  if (tables.length === 0) return {};
  const parts = tables.map(
    (t) =>
      `select '${t}' as name, count(*)::int as rows, ` +
      `coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as md5 from "${t}" x`,
  );
  const rows = rowsOf<{ name: string; rows: number; md5: string }>(
    await db.execute(sql.raw(parts.join(' union all '))),
  );
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), md5: r.md5 }]));
}
