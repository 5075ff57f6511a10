import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { salesQuery } from '@noise/shared/project';
import { projects } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { escapeLike } from '../customers/repository.ts';

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !createdAt || !CURSOR_TIME.test(createdAt) || !/^[a-z0-9-]{1,64}$/.test(id)) {
    throw badRequest('This page link is not valid');
  }
  return { createdAt, id };
}

/** The rows after a cursor's row in the lists' order (newest first); 400 for a bad cursor. */
export function afterCursor(cursor: string): SQL {
  const c = decodeCursor(cursor);
  return or(
    sql`${projects.createdAt} < ${c.createdAt}::timestamptz`,
    and(sql`${projects.createdAt} = ${c.createdAt}::timestamptz`, lt(projects.id, c.id)),
  )!;
}

/** The largest order number the column holds; longer digit strings are searched as text. */
const MAX_ORDER_NUMBER = 2_147_483_647;

/**
 * The Sales search: '1001' or '#1001' is the sale with that order number and nothing else (the
 * unique index finds it); other text is looked for in the company, customer name and email.
 */
function salesSearch(search: string): SQL {
  const digits = /^#?\s*(\d+)$/.exec(search)?.[1];
  if (digits && Number(digits) <= MAX_ORDER_NUMBER) {
    return eq(projects.orderNumber, Number(digits));
  }
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return or(
    sql`lower(${projects.contactCompanyName}) like ${pattern}`,
    sql`lower(${projects.contactFirstName} || ' ' || ${projects.contactLastName}) like ${pattern}`,
    sql`lower(${projects.contactEmail}) like ${pattern}`,
  )!;
}

const RANGE_DAYS = { last7days: 7, last30days: 30, last90days: 90, last365days: 365 } as const;

/** The Sales filters as SQL; date ranges are whole local days in the business time zone. */
export function salesFilters(
  q: Omit<z.output<typeof salesQuery>, 'limit'>,
  timeZone: string,
  now: Date,
): SQL[] {
  const filters: SQL[] = [];
  if (q.search) filters.push(salesSearch(q.search));
  if (q.company)
    filters.push(sql`lower(${projects.contactCompanyName}) = ${q.company.toLowerCase()}`);
  if (q.service) filters.push(eq(projects.serviceId, q.service));
  if (q.status) filters.push(eq(projects.status, q.status));
  if (q.teamMember) filters.push(eq(projects.coordinatorId, q.teamMember));
  if (q.type) filters.push(eq(projects.type, q.type));
  if (q.dateRange) {
    const startOfToday = sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
    if (q.dateRange === 'today') {
      filters.push(sql`${projects.createdAt} >= ${startOfToday}`);
    } else if (q.dateRange === 'yesterday') {
      filters.push(
        sql`${projects.createdAt} >= ((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) - interval '1 day') at time zone ${timeZone})`,
        sql`${projects.createdAt} < ${startOfToday}`,
      );
    } else {
      const days = RANGE_DAYS[q.dateRange] - 1;
      filters.push(
        sql`${projects.createdAt} >= ((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone}) - make_interval(days => ${days})) at time zone ${timeZone})`,
      );
    }
  }
  if (q.from) {
    filters.push(sql`${projects.createdAt} >= (${q.from}::timestamp at time zone ${timeZone})`);
  }
  if (q.to) {
    filters.push(
      sql`${projects.createdAt} < ((${q.to}::timestamp + interval '1 day') at time zone ${timeZone})`,
    );
  }
  if (q.cursor) filters.push(afterCursor(q.cursor));
  return filters;
}
