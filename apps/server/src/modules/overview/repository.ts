import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { payments, projects, users } from '../../db/schema.ts';

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
};

export function createOverviewRepository(db: Db) {
  return {
    /** The newest sales (projects and paid custom quotes), newest first. */
    async latestSales(limit: number) {
      return db
        .select(saleColumns)
        .from(projects)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(limit);
    },

    /** Open orders no co-ordinator has yet (the shop had none to assign), oldest first. */
    async salesWithoutCoordinator(limit: number) {
      return db
        .select(saleColumns)
        .from(projects)
        .where(and(isNull(projects.coordinatorId), inArray(projects.status, ['active', 'on-hold'])))
        .orderBy(asc(projects.createdAt), asc(projects.id))
        .limit(limit);
    },

    /** The newest customers (role client), newest first. */
    async newestClients(limit: number) {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          displayName: users.displayName,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.role, 'client'))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },

    /**
     * Money received (succeeded payments: first charges and renewals, GST included) and orders
     * placed (projects) in the local day, ISO week and calendar month that contain `now`.
     */
    async revenue(now: Date, timeZone: string): Promise<Revenue> {
      const local = sql`(${now.toISOString()}::timestamptz at time zone ${timeZone})`;
      const bounds = PERIODS.map((p) => {
        const truncated = sql`date_trunc(${p}, ${local})`;
        return sql`(${truncated} at time zone ${timeZone}) as ${col(p, 'from')},
          ((${truncated} + ${`1 ${p}`}::interval) at time zone ${timeZone}) as ${col(p, 'to')}`;
      });
      const within = (p: Period) =>
        sql`t.created_at >= b.${col(p, 'from')} and t.created_at < b.${col(p, 'to')}`;
      // Only rows of the widest period are read (the indexes on created_at serve the range).
      const anyPeriod = sql`t.created_at >= least(b.day_from, b.week_from, b.month_from)
        and t.created_at < greatest(b.day_to, b.week_to, b.month_to)`;
      const sales = PERIODS.map(
        (p) =>
          sql`coalesce(sum(t.amount_cents) filter (where ${within(p)}), 0)::bigint as ${col(p, 'sales')}`,
      );
      const orders = PERIODS.map(
        (p) => sql`count(*) filter (where ${within(p)}) as ${col(p, 'orders')}`,
      );
      const result = await db.execute(sql`
        with b as (select ${sql.join(bounds, sql`, `)}),
        received as (
          select ${sql.join(sales, sql`, `)}
          from b join ${payments} t on t.status = 'succeeded' and ${anyPeriod}
        ),
        placed as (
          select ${sql.join(orders, sql`, `)}
          from b join ${projects} t on ${anyPeriod}
        )
        select * from b, received, placed`);
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

const col = (period: Period, name: 'from' | 'to' | 'sales' | 'orders') =>
  sql.raw(`${period}_${name}`);

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
