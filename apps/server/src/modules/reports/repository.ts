import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

type Granularity = 'day' | 'week' | 'month';

/**
 * Revenue figures for the reporting page: money received (succeeded payments, GST included) and
 * orders placed, bucketed by local day, ISO week or month in the business time zone (the same
 * rules as the overview, docs/decisions/020-overview-revenue.md).
 */
export function createReportRepository(db: Db) {
  return {
    async series(granularity: Granularity, from: string, to: string, timeZone: string) {
      const result = await db.execute(sql`
        with buckets as (
          select gs::date as period,
                 (gs at time zone ${timeZone}) as starts,
                 ((gs + ${`1 ${granularity}`}::interval) at time zone ${timeZone}) as ends
          from generate_series(
            date_trunc(${granularity}, ${from}::timestamp),
            date_trunc(${granularity}, ${to}::timestamp),
            ${`1 ${granularity}`}::interval
          ) as gs
        )
        select to_char(b.period, 'YYYY-MM-DD') as period,
               coalesce((select sum(p.amount_cents) from payments p
                          where p.status = 'succeeded' and p.created_at >= b.starts and p.created_at < b.ends), 0)::bigint as sales,
               coalesce((select sum(p.gst_cents) from payments p
                          where p.status = 'succeeded' and p.created_at >= b.starts and p.created_at < b.ends), 0)::bigint as gst,
               (select count(*) from projects j where j.created_at >= b.starts and j.created_at < b.ends)::int as orders
        from buckets b
        order by b.period`);
      return rowsOf<{
        period: string;
        sales: string | number;
        gst: string | number;
        orders: number;
      }>(result).map((r) => ({
        period: r.period,
        salesCents: Number(r.sales),
        gstCents: Number(r.gst),
        orders: Number(r.orders),
      }));
    },

    async byService(from: string, to: string, timeZone: string) {
      const result = await db.execute(sql`
        select j.service_title as service,
               coalesce(sum(p.amount_cents), 0)::bigint as sales,
               count(distinct j.id)::int as orders
        from payments p
        join projects j on j.id = p.project_id
        where p.status = 'succeeded'
          and p.created_at >= (${from}::timestamp at time zone ${timeZone})
          and p.created_at < ((${to}::timestamp + interval '1 day') at time zone ${timeZone})
        group by j.service_title
        order by sales desc, service
        limit 50`);
      return rowsOf<{ service: string; sales: string | number; orders: number }>(result).map(
        (r) => ({
          service: r.service,
          salesCents: Number(r.sales),
          orders: Number(r.orders),
        }),
      );
    },

    /** The last `count` calendar quarters (the ATO's BAS quarters), newest first. */
    async gstByQuarter(now: Date, count: number, timeZone: string) {
      const result = await db.execute(sql`
        with q as (
          select gs as local_start,
                 (gs at time zone ${timeZone}) as starts,
                 ((gs + interval '3 months') at time zone ${timeZone}) as ends
          from generate_series(
            date_trunc('quarter', ${now.toISOString()}::timestamptz at time zone ${timeZone}) - make_interval(months => ${(count - 1) * 3}),
            date_trunc('quarter', ${now.toISOString()}::timestamptz at time zone ${timeZone}),
            interval '3 months'
          ) as gs
        )
        select to_char(q.local_start, 'YYYY-MM-DD') as from,
               coalesce(sum(p.amount_cents), 0)::bigint as sales,
               coalesce(sum(p.gst_cents), 0)::bigint as gst
        from q
        left join payments p on p.status = 'succeeded' and p.created_at >= q.starts and p.created_at < q.ends
        group by q.local_start
        order by q.local_start desc`);
      return rowsOf<{ from: string; sales: string | number; gst: string | number }>(result).map(
        (r) => ({ from: r.from, salesCents: Number(r.sales), gstCents: Number(r.gst) }),
      );
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
