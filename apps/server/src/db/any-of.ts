import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1)`, the values sent as one array parameter: what `inArray` says with one
 * parameter per value. A list of 200 ids is then one parameter to build, send and parse instead
 * of 200 (drizzle's building of those parameters was the reads' largest cost in a CPU profile,
 * docs/performance.md). No values matches nothing, as `inArray` with none does.
 */
export function anyOf(column: Column, values: readonly (string | number)[]): SQL {
  if (values.length === 0) return sql`false`;
  return sql`${column} = any(${sql.param([...values], column)})`;
}

/**
 * `column = any($name)` in a prepared statement: the array is given when it runs
 * (`execute({ name: ids })`), so one statement, built once, serves every list.
 */
export function anyOfPlaceholder(column: Column, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)})`;
}
