import { and, asc, count, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  planRenewalHours,
  planTotals,
  projects,
  subscriptionChanges,
  subscriptions,
} from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';
import { renewalDiscounts } from '../discounts/repository.ts';
import { salesPerDay, serviceSalesIn } from '../sales-rollups/repository.ts';

type Granularity = 'day' | 'week' | 'month';
const HOUR_MS = 3_600_000;

/**
 * Revenue figures for the reporting page: money received (succeeded payments, GST included) and
 * orders placed, bucketed by local day, ISO week or month in the business time zone (the same
 * rules as the overview, docs/decisions/020-overview-revenue.md), read from the day rollups
 * (docs/decisions/059-sales-rollups.md).
 */
export function createReportRepository(db: Db) {
  return {
    /**
     * What changes to plans did to the live recurring figure in [from, to) (from the start when
     * `from` is null), by kind and interval: how many, and the per-period sum of after - before
     * (docs/decisions/108).
     */
    async planChangesBetween(from: Date | null, to: Date) {
      const rows = await db
        .select({
          kind: subscriptionChanges.kind,
          interval: subscriptionChanges.interval,
          plans: count(),
          cents: sql<string>`sum(${subscriptionChanges.afterCents} - ${subscriptionChanges.beforeCents})`,
          gstCents: sql<string>`sum(${subscriptionChanges.afterGstCents} - ${subscriptionChanges.beforeGstCents})`,
        })
        .from(subscriptionChanges)
        .where(
          and(from ? gte(subscriptionChanges.at, from) : undefined, lt(subscriptionChanges.at, to)),
        )
        .groupBy(subscriptionChanges.kind, subscriptionChanges.interval);
      return rows.map((row) => ({
        ...row,
        cents: Number(row.cents ?? 0),
        gstCents: Number(row.gstCents ?? 0),
      }));
    },

    /**
     * Plans not cancelled (active, past due, paused) by interval and status, with their sums:
     * from the rollup the triggers keep (docs/decisions/109).
     */
    async livePlans() {
      const rows = await db
        .select({
          interval: planTotals.interval,
          status: planTotals.status,
          plans: planTotals.plans,
          cents: planTotals.cents,
          gstCents: planTotals.gstCents,
        })
        .from(planTotals)
        .where(
          and(
            inArray(planTotals.status, ['active', 'past_due', 'paused']),
            ne(planTotals.plans, 0),
          ),
        );
      return rows;
    },

    /**
     * Active plans whose next charge falls in [from, to]: how many, their total (a downgrade
     * waiting for the renewal at its new amount), and the first `limit` with their order. The
     * whole UTC hours in between are read from their rollup, the two part hours at the ends from
     * the plans themselves (docs/decisions/109).
     */
    async renewalsBetween(from: Date, to: Date, limit: number) {
      const charge = sql<number>`coalesce((${subscriptions.pendingChange}->>'amountCents')::int, ${subscriptions.amountCents})`;
      const due = (after: Date, until: Date, untilIncluded: boolean) =>
        and(
          eq(subscriptions.status, 'active'),
          gte(subscriptions.nextChargeAt, after),
          untilIncluded
            ? lte(subscriptions.nextChargeAt, until)
            : lt(subscriptions.nextChargeAt, until),
        );
      const firstWhole = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
      const lastEdge = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
      const plansDue = (where: ReturnType<typeof due>) =>
        db
          .select({ count: count(), cents: sql<string>`coalesce(sum(${charge}), 0)` })
          .from(subscriptions)
          .where(where);
      const parts =
        firstWhole < lastEdge
          ? await Promise.all([
              plansDue(due(from, firstWhole, false)),
              plansDue(due(lastEdge, to, true)),
              db
                .select({
                  count: sql<string>`coalesce(sum(${planRenewalHours.plans}), 0)`,
                  cents: sql<string>`coalesce(sum(${planRenewalHours.cents}), 0)`,
                })
                .from(planRenewalHours)
                .where(
                  and(
                    gte(planRenewalHours.startsAt, firstWhole),
                    lt(planRenewalHours.startsAt, lastEdge),
                  ),
                ),
            ])
          : [await plansDue(due(from, to, true))];
      const totals = parts
        .map((rows) => rows[0]!)
        .reduce(
          (sum, part) => ({
            count: sum.count + Number(part.count),
            cents: sum.cents + Number(part.cents),
          }),
          { count: 0, cents: 0 },
        );
      const items = await db
        .select({
          projectId: projects.id,
          orderNumber: projects.orderNumber,
          firstName: projects.contactFirstName,
          lastName: projects.contactLastName,
          companyName: projects.contactCompanyName,
          serviceTitle: projects.serviceTitle,
          packageTitle: projects.packageTitle,
          at: subscriptions.nextChargeAt,
          amountCents: charge,
        })
        .from(subscriptions)
        .innerJoin(projects, eq(projects.id, subscriptions.projectId))
        .where(due(from, to, true))
        .orderBy(asc(subscriptions.nextChargeAt), asc(subscriptions.id))
        .limit(limit);
      return { count: totals.count, cents: totals.cents, items };
    },

    async series(granularity: Granularity, from: string, to: string, timeZone: string) {
      const step = `1 ${granularity}`;
      const first = sql`date_trunc(${granularity}, ${from}::timestamp)`;
      const last = sql`date_trunc(${granularity}, ${to}::timestamp)`;
      const days = salesPerDay(
        timeZone,
        sql`${first}::date`,
        sql`(${last} + ${step}::interval)::date`,
      );
      const result = await db.execute(sql`
        with periods as (
          select gs::date as period from generate_series(${first}, ${last}, ${step}::interval) as gs
        ),
        totals as (
          select date_trunc(${granularity}, d.day::timestamp)::date as period,
                 sum(d.sales_cents) as sales, sum(d.gst_cents) as gst, sum(d.orders) as orders
          from (${days}) d
          group by 1
        )
        select to_char(p.period, 'YYYY-MM-DD') as period,
               coalesce(t.sales, 0)::bigint as sales,
               coalesce(t.gst, 0)::bigint as gst,
               coalesce(t.orders, 0)::int as orders
        from periods p left join totals t on t.period = p.period
        order by p.period`);
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

    /**
     * Money received and orders placed per service title (the project's), local dates `from` to
     * `to` inclusive: the 50 services that received the most.
     */
    async byService(from: string, to: string, timeZone: string) {
      const until = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const rows = serviceSalesIn(timeZone, from, until);
      const result = await db.execute(sql`
        select d.service_title as service,
               sum(d.sales_cents)::bigint as sales,
               sum(d.orders)::int as orders
        from (${rows}) d
        group by d.service_title
        having sum(d.sales_cents) <> 0 or sum(d.orders) <> 0
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

    /**
     * What discount codes took off the paid orders of local dates `from` to `to`, and off the
     * renewals charged in them, before GST.
     */
    async discountsGiven(from: string, to: string, timeZone: string) {
      const starts = sql`(${from}::date::timestamp at time zone ${timeZone})`;
      const ends = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
      const result = await db.execute(sql`
        select (coalesce(sum(r.discount_cents), 0) + ${renewalDiscounts(
          sql`p.created_at >= ${starts} and p.created_at < ${ends}`,
        )})::bigint as given
        from discount_redemptions r
        join payment_attempts a on a.id = r.attempt_id and a.state = 'succeeded'
        where r.created_at >= ${starts} and r.created_at < ${ends}`);
      return Number(rowsOf<{ given: string | number }>(result)[0]?.given ?? 0);
    },

    /** The last `count` calendar quarters (the ATO's BAS quarters), newest first. */
    async gstByQuarter(now: Date, count: number, timeZone: string) {
      const current = sql`date_trunc('quarter', ${now.toISOString()}::timestamptz at time zone ${timeZone})`;
      const oldest = sql`(${current} - make_interval(months => ${(count - 1) * 3}))`;
      const days = salesPerDay(
        timeZone,
        sql`${oldest}::date`,
        sql`(${current} + interval '3 months')::date`,
      );
      const result = await db.execute(sql`
        with quarters as (
          select gs::date as quarter
          from generate_series(${oldest}, ${current}, interval '3 months') as gs
        ),
        totals as (
          select date_trunc('quarter', d.day::timestamp)::date as quarter,
                 sum(d.sales_cents) as sales, sum(d.gst_cents) as gst
          from (${days}) d
          group by 1
        ),
        -- Refunds in the quarter they were made: the GST on adjustments (adjustment notes).
        adjustments as (
          select date_trunc('quarter', r.created_at at time zone ${timeZone})::date as quarter,
                 sum(r.amount_cents) as refunded, sum(r.gst_cents) as gst
          from refunds r
          where r.status = 'succeeded'
            and r.created_at >= (${oldest}::timestamp at time zone ${timeZone})
          group by 1
        )
        select to_char(q.quarter, 'YYYY-MM-DD') as from,
               coalesce(t.sales, 0)::bigint as sales,
               coalesce(t.gst, 0)::bigint as gst,
               coalesce(a.refunded, 0)::bigint as refunded,
               coalesce(a.gst, 0)::bigint as adjusted
        from quarters q
        left join totals t on t.quarter = q.quarter
        left join adjustments a on a.quarter = q.quarter
        order by q.quarter desc`);
      return rowsOf<{
        from: string;
        sales: string | number;
        gst: string | number;
        refunded: string | number;
        adjusted: string | number;
      }>(result).map((r) => ({
        from: r.from,
        salesCents: Number(r.sales),
        gstCents: Number(r.gst),
        refundedCents: Number(r.refunded),
        gstOnSalesCents: Number(r.gst) + Number(r.adjusted),
        gstAdjustmentsCents: Number(r.adjusted),
      }));
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
