import { badRequest } from './errors.ts';

/**
 * The position in a list paged newest first (projects, the audit log) after which the next page
 * starts: the row's exact created_at (microseconds) and its id, as opaque text for an address.
 */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A cursor read back; 400 for one this server did not make. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !createdAt || !CURSOR_TIME.test(createdAt) || !/^[a-z0-9-]{1,64}$/.test(id)) {
    throw badRequest('This page link is not valid');
  }
  return { createdAt, id };
}
