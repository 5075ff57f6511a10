import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  salesDays,
  salesRollupZone,
  serviceSalesDays,
  serviceSalesMonths,
  serviceSalesQuarters,
} from '../../db/schema.ts';

/**
 * Money received and orders placed, summed ahead of time by triggers on payments and projects
 * (migration 0018, docs/decisions/059-sales-rollups.md). The overview and the reports read them
 * through `salesPerDay` and `serviceSalesIn`, never the payments themselves.
 */
export function createSalesRollupRepository(db: Db) {
  return {
    /**
     * Keeps the day rollups in `timeZone` (BUSINESS_TIMEZONE, at start): rebuilt from the
     * payments and projects when they were kept in another zone. True when it rebuilt.
     */
    async useTimeZone(timeZone: string): Promise<boolean> {
      const result = await db.execute(sql`select sales_rollups_use_zone(${timeZone}) as rebuilt`);
      return rowsOf<{ rebuilt: boolean }>(result)[0]!.rebuilt;
    },
  };
}

/** True when the day rollups are kept in `timeZone`; computed once per statement. */
const keptIn = (timeZone: string | Placeholder) =>
  sql`(select ${salesRollupZone.timeZone} = ${timeZone} from ${salesRollupZone})`;

/**
 * Rows `day, sales_cents, gst_cents, orders` of the local dates in `timeZone` from `from` up to
 * `until` (SQL date expressions, `until` excluded), for one co-ordinator's projects when
 * `assignedTo` is set; a day can have several rows, so callers sum. From `sales_days` when they
 * are kept in this zone; otherwise (another process started with another BUSINESS_TIMEZONE) from
 * the UTC quarter hours, summed by local day in the database (`sales_days_recount`).
 */
export function salesPerDay(
  timeZone: string | Placeholder,
  from: SQL,
  until: SQL,
  assignedTo: string | Placeholder | null = null,
): SQL {
  const days = salesDays;
  return sql`
    select ${days.day} as day, ${days.salesCents} as sales_cents, ${days.gstCents} as gst_cents,
           ${days.orders} as orders
    from ${days}
    where ${keptIn(timeZone)} and ${days.day} >= ${from} and ${days.day} < ${until}
      ${assignedTo ? sql`and ${days.coordinatorId} = ${assignedTo}` : sql``}
    union all
    select day, sales_cents, gst_cents, orders
    from sales_days_recount(${timeZone}, ${from}, ${until}, ${assignedTo}::text)
    where not ${keptIn(timeZone)}`;
}

/** A span of local dates, `until` excluded, read from one table and added or taken away. */
export interface ServiceSalesPiece {
  table: 'days' | 'months' | 'quarters';
  from: string;
  until: string;
  sign: 1 | -1;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const addMonths = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};
const PERIODS = {
  quarters: {
    months: 3,
    finer: 'months',
    start: (date: string) =>
      `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`,
  },
  months: { months: 1, finer: 'days', start: (date: string) => `${date.slice(0, 7)}-01` },
} as const;
/**
 * What a piece costs to read, in days' rows: once most services sell every month (10,000
 * services at 1,000,000 sales), a month holds about 9,500 rows, as many as 7 days (1,400 a day),
 * and a quarter hardly more than a month.
 */
const cost = (p: ServiceSalesPiece) =>
  p.table === 'days' ? dayNumber(p.until) - dayNumber(p.from) : p.table === 'months' ? 7 : 8;
const costOf = (pieces: ServiceSalesPiece[]) => pieces.reduce((sum, p) => sum + cost(p), 0);
const negated = (pieces: ServiceSalesPiece[]) =>
  pieces.map((p) => ({ ...p, sign: -p.sign as 1 | -1 }));

/** The cheapest pieces that sum to the dates `from` to `until`, with periods of `level` or finer. */
function cover(
  from: string,
  until: string,
  level: ServiceSalesPiece['table'],
): ServiceSalesPiece[] {
  if (from >= until) return [];
  if (level === 'days') return [{ table: 'days', from, until, sign: 1 }];
  const { months, finer, start } = PERIODS[level];
  const pieces: ServiceSalesPiece[] = [];
  for (let period = start(from); period < until; period = addMonths(period, months)) {
    const end = addMonths(period, months);
    const inFrom = later(from, period);
    const inUntil = earlier(until, end);
    const whole: ServiceSalesPiece = { table: level, from: period, until: end, sign: 1 };
    if (inFrom === period && inUntil === end) {
      pieces.push(whole);
      continue;
    }
    // Its part in the range, or the whole period less its parts outside.
    const part = cover(inFrom, inUntil, finer);
    const less = [
      whole,
      ...negated(cover(period, inFrom, finer)),
      ...negated(cover(inUntil, end, finer)),
    ];
    pieces.push(...(costOf(less) < costOf(part) ? less : part));
  }
  return pieces;
}

/**
 * How to read the local dates `from` to `until` (excluded) by service with the fewest rows: the
 * whole quarters and months from their rows, and each part of a month at an end either as its
 * days or as its month less the days outside the range, whichever is fewer rows (the current
 * month to date is its month less the days still to come, which have no sales yet).
 */
export function serviceSalesPieces(from: string, until: string): ServiceSalesPiece[] {
  const merged: ServiceSalesPiece[] = [];
  for (const piece of cover(from, until, 'quarters')) {
    const last = merged.at(-1);
    if (last?.table === piece.table && last.sign === piece.sign && last.until === piece.from) {
      last.until = piece.until;
    } else merged.push({ ...piece });
  }
  return merged;
}

/**
 * Rows `service_title, sales_cents, orders` of the local dates in `timeZone` from `from` up to
 * `until` (`YYYY-MM-DD`, `until` excluded), by the project's service title; a title can have
 * several rows, some of them negative, so callers sum. When the rollups are kept in this zone,
 * from `service_sales_quarters`, `service_sales_months` and `service_sales_days` as
 * `serviceSalesPieces` says (docs/decisions/084-flat-reads-at-scale.md); otherwise counted from the payments and projects
 * (`service_sales_days_recount`).
 */
export function serviceSalesIn(timeZone: string, from: string, until: string): SQL {
  const kept = serviceSalesPieces(from, until).map(({ table, from: a, until: b, sign }) => {
    const { t, key } = {
      days: { t: serviceSalesDays, key: serviceSalesDays.day },
      months: { t: serviceSalesMonths, key: serviceSalesMonths.month },
      quarters: { t: serviceSalesQuarters, key: serviceSalesQuarters.quarter },
    }[table];
    const signed = sql.raw(sign === 1 ? '' : '-');
    return sql`
      select ${t.serviceTitle} as service_title, ${signed}${t.salesCents} as sales_cents,
             ${signed}${t.orders} as orders
      from ${t}
      where ${keptIn(timeZone)} and ${key} >= ${a}::date and ${key} < ${b}::date`;
  });
  return sql.join(
    [
      ...kept,
      sql`
      select service_title, sales_cents, orders
      from service_sales_days_recount(${timeZone}, ${from}::date, ${until}::date)
      where not ${keptIn(timeZone)}`,
    ],
    sql` union all `,
  );
}
