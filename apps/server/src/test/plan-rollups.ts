import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/rows.ts';

/**
 * What the plan rollups' test does to `subscriptions` as a console could (docs/decisions/109),
 * and the recounts it compares the rollups with: every statement here passes the triggers.
 */
export function planRollupConsole(app: FastifyInstance) {
  const db = app.database.db;
  const keys = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ key: string }>(await db.execute(query)).map((row) => row.key);
  return {
    async subscriptionIds(): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(await db.execute(sql`select id from subscriptions`));
      return rows.map((row) => row.id).sort();
    },
    /** A plan changed in every column the rollups read. */
    async rewrite(
      id: string,
      values: {
        status: string;
        interval: string;
        amountCents: number;
        nextChargeAt: Date;
        pendingAmountCents: number | null;
      },
    ) {
      const pending =
        values.pendingAmountCents === null
          ? null
          : JSON.stringify({ amountCents: values.pendingAmountCents });
      await db.execute(sql`
        update subscriptions set
          status = ${values.status}, "interval" = ${values.interval},
          amount_cents = ${values.amountCents}, gst_cents = ${Math.round(values.amountCents / 11)},
          next_charge_at = ${values.nextChargeAt.toISOString()},
          pending_change = ${pending}::jsonb
        where id = ${id}`);
    },
    /** A column the rollups do not read. */
    async countFailure(id: string) {
      await db.execute(
        sql`update subscriptions set failure_count = failure_count + 1 where id = ${id}`,
      );
    },
    /** Every active plan's next charge moved, in one statement. */
    async shiftActive() {
      await db.execute(sql`
        update subscriptions set next_charge_at = next_charge_at + interval '59 minutes'
        where status = 'active'`);
    },
    /** Deleted and put back as it was, in one transaction. */
    async deleteAndRestore(id: string) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table kept on commit drop as
          select * from subscriptions where id = ${id}`);
        await tx.execute(sql`delete from subscriptions where id = ${id}`);
        await tx.execute(sql`insert into subscriptions select * from kept`);
      });
    },
    /** Cancelled in a transaction that is rolled back. */
    async cancelRolledBack(id: string) {
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`update subscriptions set status = 'cancelled' where id = ${id}`);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    },
    /** Both rollups damaged, then rebuilt from the plans. */
    async damageAndRebuild() {
      await db.execute(sql`update plan_totals set plans = plans + 7`);
      await db.execute(sql`delete from plan_renewal_hours`);
      await db.execute(sql`select plan_rollups_rebuild()`);
    },
    /** The rollups' rows and a recount of the plans, each as sorted text keys. */
    async totals() {
      return {
        kept: await keys(sql`
          select concat_ws(' ', "interval", status, plans, cents, gst_cents) as key
          from plan_totals where plans <> 0 or cents <> 0 or gst_cents <> 0 order by 1`),
        recount: await keys(sql`
          select concat_ws(' ', "interval", status, count(*), sum(amount_cents), sum(gst_cents))
                 as key
          from subscriptions group by "interval", status order by 1`),
      };
    },
    async renewalHours() {
      return {
        kept: await keys(sql`
          select concat_ws(' ', to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD HH24'), plans,
                           cents) as key
          from plan_renewal_hours where plans <> 0 or cents <> 0 order by 1`),
        recount: await keys(sql`
          select concat_ws(' ', to_char(date_trunc('hour', next_charge_at at time zone 'UTC'),
                                        'YYYY-MM-DD HH24'),
                           count(*),
                           sum(coalesce((pending_change->>'amountCents')::int, amount_cents)))
                 as key
          from subscriptions where status = 'active'
          group by date_trunc('hour', next_charge_at at time zone 'UTC') order by 1`),
      };
    },
    /** The active plans due in [from, to], counted directly. */
    async dueBetween(from: Date, to: Date) {
      const [row] = rowsOf<{ count: number; cents: string }>(
        await db.execute(sql`
          select count(*)::int as count,
                 coalesce(sum(coalesce((pending_change->>'amountCents')::int, amount_cents)), 0)
                   as cents
          from subscriptions
          where status = 'active' and next_charge_at >= ${from.toISOString()}
            and next_charge_at <= ${to.toISOString()}`),
      );
      return { count: row!.count, cents: Number(row!.cents) };
    },
    async activeChargeAt(): Promise<Date | undefined> {
      const [row] = rowsOf<{ at: string }>(
        await db.execute(
          sql`select next_charge_at as at from subscriptions where status = 'active' limit 1`,
        ),
      );
      return row ? new Date(row.at) : undefined;
    },
  };
}
