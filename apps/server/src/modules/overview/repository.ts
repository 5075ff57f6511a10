import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared-sql.ts';
import { rowsOf } from '../../db/rows.ts';
import { projects, users } from '../../db/schema.ts';
import { salesPerDay } from '../sales-rollups/repository.ts';

export interface RevenueWindow {
  from: Date;
  to: Date;
  salesCents: number;
  orders: number;
}

export interface Revenue {
  today: RevenueWindow;
  week: RevenueWindow;
  month: RevenueWindow;
}

type Period = 'day' | 'week' | 'month';
const PERIODS: readonly Period[] = ['day', 'week', 'month'];

/**
 * The sales and customer figures of the staff overview. Periods are computed in PostgreSQL in the
 * business time zone: `date_trunc` on the local wall-clock time, turned back into an instant, so
 * a sale at 23:30 local time belongs to that local day, weeks start on Monday (ISO), and months
 * and days follow daylight saving.
 */
/** What the overview shows of a sale. */
const saleColumns = {
  id: projects.id,
  title: projects.serviceTitle,
  type: projects.type,
  createdAt: projects.createdAt,
  totalPriceCents: projects.totalPriceCents,
  currency: projects.currency,
  packageType: projects.packageType,
  recurringTotalWithGstCents: projects.recurringTotalWithGstCents,
  oneTimeTotalWithGstCents: projects.oneTimeTotalWithGstCents,
  depositWithGstCents: projects.depositWithGstCents,
};

/**
 * The overview's lists, each built once per database handle and prepared once per connection
 * (the overview is every staff member's first page; building its statements was a large part of
 * the server's time on it, docs/performance.md). A co-ordinator's (`assigned`) are their own.
 */
function overviewQueries(db: Db) {
  const latestSales = (assigned: boolean) =>
    db
      .select(saleColumns)
      .from(projects)
      .where(
        and(
          // Requests of a plan are not sales (docs/decisions/097).
          isNull(projects.planProjectId),
          assigned ? eq(projects.coordinatorId, sql.placeholder('assignedTo')) : undefined,
        ),
      )
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(sql.placeholder('limit'))
      .prepare(`overview_latest_sales_${assigned ? 'assigned' : 'all'}`);
  const newestClients = (assigned: boolean) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        displayName: users.displayName,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(
        and(
          eq(users.role, 'client'),
          assigned
            ? sql`exists (select 1 from ${projects} p where p.user_id = ${users.id} and p.coordinator_id = ${sql.placeholder('assignedTo')})`
            : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(sql.placeholder('limit'))
      .prepare(`overview_newest_clients_${assigned ? 'assigned' : 'all'}`);
  return {
    revenue: { all: revenueQuery(db, false), assigned: revenueQuery(db, true) },
    latestSales: { all: latestSales(false), assigned: latestSales(true) },
    newestClients: { all: newestClients(false), assigned: newestClients(true) },
    withoutCoordinator: db
      .select(saleColumns)
      .from(projects)
      .where(
        and(
          isNull(projects.coordinatorId),
          isNull(projects.planProjectId),
          inArray(projects.status, ['active', 'on-hold']),
        ),
      )
      .orderBy(asc(projects.createdAt), asc(projects.id))
      .limit(sql.placeholder('limit'))
      .prepare('overview_without_coordinator'),
  };
}

/**
 * Money received and orders placed in the local day, ISO week and calendar month that contain
 * `now` (placeholders `now`, `zone` and, for a co-ordinator, `assignedTo`): one statement over the
 * day rollups, built once.
 */
function revenueQuery(db: Db, assigned: boolean) {
  const zone = sql.placeholder('zone');
  const local = sql`(${sql.placeholder('now')}::timestamptz at time zone ${zone})`;
  const bounds = PERIODS.map((p) => {
    const starts = sql`date_trunc(${sql.raw(`'${p}'`)}, ${local})`;
    const ends = sql`(${starts} + ${sql.raw(`'1 ${p}'`)}::interval)`;
    return sql`(${starts} at time zone ${zone}) as ${col(p, 'from')},
      (${ends} at time zone ${zone}) as ${col(p, 'to')},
      ${starts}::date as ${col(p, 'first')}, ${ends}::date as ${col(p, 'until')}`;
  });
  const within = (p: Period) => sql`d.day >= b.${col(p, 'first')} and d.day < b.${col(p, 'until')}`;
  // Only the days of the widest period are read.
  const days = salesPerDay(
    zone,
    sql`(select least(day_first, week_first, month_first) from b)`,
    sql`(select greatest(day_until, week_until, month_until) from b)`,
    assigned ? sql.placeholder('assignedTo') : null,
  );
  const totals = PERIODS.map(
    (p) =>
      sql`coalesce(sum(d.sales_cents) filter (where ${within(p)}), 0)::bigint as ${col(p, 'sales')},
        coalesce(sum(d.orders) filter (where ${within(p)}), 0)::bigint as ${col(p, 'orders')}`,
  );
  return preparedSql(
    db,
    `overview_revenue_${assigned ? 'assigned' : 'all'}`,
    sql`
      with b as (select ${sql.join(bounds, sql`, `)}),
      d as (${days}),
      totals as (select ${sql.join(totals, sql`, `)} from b, d)
      select * from b, totals`,
  );
}

export function createOverviewRepository(db: Db) {
  let prepared: ReturnType<typeof overviewQueries> | undefined;
  const queries = () => (prepared ??= overviewQueries(db));
  return {
    /** The newest sales (projects and paid custom quotes), newest first. */
    async latestSales(limit: number, assignedTo: string | null = null) {
      const { latestSales } = queries();
      return assignedTo
        ? latestSales.assigned.execute({ limit, assignedTo })
        : latestSales.all.execute({ limit });
    },

    /** Open orders no co-ordinator has yet (the shop had none to assign), oldest first. */
    async salesWithoutCoordinator(limit: number) {
      return queries().withoutCoordinator.execute({ limit });
    },

    /**
     * The newest customers (role client), newest first; for a co-ordinator (`assignedTo`), those
     * with a project assigned to them.
     */
    async newestClients(limit: number, assignedTo: string | null = null) {
      const { newestClients } = queries();
      return assignedTo
        ? newestClients.assigned.execute({ limit, assignedTo })
        : newestClients.all.execute({ limit });
    },

    /**
     * Money received (succeeded payments: first charges and renewals, GST included) and orders
     * placed (projects) in the local day, ISO week and calendar month that contain `now`; for a
     * co-ordinator (`assignedTo`), of the projects assigned to them. Read from the day rollups
     * (docs/decisions/059-sales-rollups.md): at most a row per day and co-ordinator.
     */
    async revenue(now: Date, timeZone: string, assignedTo: string | null = null): Promise<Revenue> {
      const { revenue } = queries();
      const values = { now: now.toISOString(), zone: timeZone };
      const result = assignedTo
        ? await revenue.assigned.execute({ ...values, assignedTo })
        : await revenue.all.execute(values);
      const row = rowsOf<Record<string, unknown>>(result)[0]!;
      const window = (p: Period): RevenueWindow => ({
        from: new Date(row[`${p}_from`] as string | Date),
        to: new Date(row[`${p}_to`] as string | Date),
        salesCents: Number(row[`${p}_sales`]),
        orders: Number(row[`${p}_orders`]),
      });
      return { today: window('day'), week: window('week'), month: window('month') };
    },
  };
}

const col = (period: Period, name: 'from' | 'to' | 'first' | 'until' | 'sales' | 'orders') =>
  sql.raw(`${period}_${name}`);

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
