import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * A raw statement (`sql`…`` with `sql.placeholder`s) built once and prepared by `name` on each
 * connection, as the query builder's `.prepare(name)` does for a select: for a hot read whose SQL
 * the builder cannot say (the overview's revenue). `execute({ ...values })` answers what
 * `db.execute` would (read it with `rowsOf`). Build it once per database handle, never inside a
 * transaction (docs/decisions/113).
 */
export function preparedSql(db: Db, name: string, query: SQL) {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}
