/**
 * The rows of a raw query (`db.execute(sql…)`): node-postgres and PGlite both answer `{ rows }`,
 * which drizzle's shared database type does not say. The caller names the row's shape, as the
 * SQL's select list decides it.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result) {
    const { rows } = result;
    if (Array.isArray(rows)) return rows as T[];
  }
  throw new Error('A raw query answered without rows');
}
