import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { salesDays, salesRollupZone, serviceSalesDays } from '../../db/schema.ts';

/**
 * Money received and orders placed, summed ahead of time by triggers on payments and projects
 * (migration 0018, docs/decisions/059-sales-rollups.md). The overview and the reports read them
 * through `salesPerDay` and `serviceSalesPerDay`, never the payments themselves.
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
const keptIn = (timeZone: string) =>
  sql`(select ${salesRollupZone.timeZone} = ${timeZone} from ${salesRollupZone})`;

/**
 * Rows `day, sales_cents, gst_cents, orders` of the local dates in `timeZone` from `from` up to
 * `until` (SQL date expressions, `until` excluded), for one co-ordinator's projects when
 * `assignedTo` is set; a day can have several rows, so callers sum. From `sales_days` when they
 * are kept in this zone; otherwise (another process started with another BUSINESS_TIMEZONE) from
 * the UTC quarter hours, summed by local day in the database (`sales_days_recount`).
 */
export function salesPerDay(
  timeZone: string,
  from: SQL,
  until: SQL,
  assignedTo: string | null = null,
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

/**
 * Rows `day, service_title, sales_cents, orders` of the local dates in `timeZone` from `from` up
 * to `until` (excluded), by the project's service title. From `service_sales_days` when they are
 * kept in this zone; otherwise counted from the payments and projects
 * (`service_sales_days_recount`).
 */
export function serviceSalesPerDay(timeZone: string, from: SQL, until: SQL): SQL {
  const days = serviceSalesDays;
  return sql`
    select ${days.day} as day, ${days.serviceTitle} as service_title,
           ${days.salesCents} as sales_cents, ${days.orders} as orders
    from ${days}
    where ${keptIn(timeZone)} and ${days.day} >= ${from} and ${days.day} < ${until}
    union all
    select day, service_title, sales_cents, orders
    from service_sales_days_recount(${timeZone}, ${from}, ${until})
    where not ${keptIn(timeZone)}`;
}
