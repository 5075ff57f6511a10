/**
 * The `code` of an error and of the errors it wraps, outermost first: drizzle wraps the driver's
 * error as `cause`, so a PostgreSQL code ('23505') or a system one ('ENOSPC') may sit a level in.
 */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

export function hasErrorCode(error: unknown, ...codes: string[]): boolean {
  return errorCodes(error).some((code) => codes.includes(code));
}

export const isUniqueViolation = (error: unknown) => hasErrorCode(error, '23505');
export const isForeignKeyViolation = (error: unknown) => hasErrorCode(error, '23503');
