import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** Row count and content checksum of one table. */
export interface TableState {
  rows: number;
  md5: string;
}

export type DatabaseSnapshot = Record<string, TableState>;

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
  const included = tables.filter((t) => !options.exclude?.includes(t));
  const parts = included.map(
    (t) =>
      `select '${t}' as name, count(*)::int as rows, ` +
      `coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as md5 from "${t}" x`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  const rows = rowsOf<{ name: string; rows: number; md5: string }>(result);
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), md5: r.md5 }]));
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
