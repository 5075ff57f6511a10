import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { createReportRepository } from './repository.ts';

// Reporting's recurring figures read rollups of the plans kept by triggers on `subscriptions`
// (docs/decisions/109-plan-rollups.md). Random changes to the plans, made as any console could
// make them (one row or many per statement, deleted and put back, rolled back), and then both
// rollups must equal a recount of the plans, and the renewals of any window a direct count.
const { app } = await createTestApp();
const db = app.database.db;
const reports = createReportRepository(db);
const client = await createUser(app);
const cora = await coordinator(app);

/** mulberry32: the same seed gives the same history, so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(109);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const HOUR_MS = 3_600_000;
const START = Date.parse('2026-06-01T00:00:00Z');
/** An instant in June 2026: often exactly on an hour, or a millisecond either side of one. */
function randomInstant(): Date {
  const hour = START + Math.floor(random() * 30 * 24) * HOUR_MS;
  return new Date(hour + pick([0, 0, -1, 1, Math.floor(random() * HOUR_MS)]));
}

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

async function expectRollupsToEqualRecount() {
  const kept = await rows<{ key: string }>(sql`
    select concat_ws(' ', "interval", status, plans, cents, gst_cents) as key
    from plan_totals where plans <> 0 or cents <> 0 or gst_cents <> 0 order by 1`);
  const recount = await rows<{ key: string }>(sql`
    select concat_ws(' ', "interval", status, count(*), sum(amount_cents), sum(gst_cents)) as key
    from subscriptions group by "interval", status order by 1`);
  expect(kept.map((r) => r.key)).toEqual(recount.map((r) => r.key));

  const keptHours = await rows<{ key: string }>(sql`
    select concat_ws(' ', to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD HH24'), plans, cents)
           as key
    from plan_renewal_hours where plans <> 0 or cents <> 0 order by 1`);
  const recountHours = await rows<{ key: string }>(sql`
    select concat_ws(' ', to_char(date_trunc('hour', next_charge_at at time zone 'UTC'),
                                  'YYYY-MM-DD HH24'),
                     count(*),
                     sum(coalesce((pending_change->>'amountCents')::int, amount_cents))) as key
    from subscriptions where status = 'active'
    group by date_trunc('hour', next_charge_at at time zone 'UTC') order by 1`);
  expect(keptHours.map((r) => r.key)).toEqual(recountHours.map((r) => r.key));
}

async function expectRenewalsToEqualCount(from: Date, to: Date) {
  const [direct] = await rows<{ count: number; cents: string }>(sql`
    select count(*)::int as count,
           coalesce(sum(coalesce((pending_change->>'amountCents')::int, amount_cents)), 0) as cents
    from subscriptions
    where status = 'active' and next_charge_at >= ${from.toISOString()}
      and next_charge_at <= ${to.toISOString()}`);
  const read = await reports.renewalsBetween(from, to, 5);
  expect(
    { count: read.count, cents: read.cents },
    `${from.toISOString()} to ${to.toISOString()}`,
  ).toEqual({ count: direct!.count, cents: Number(direct!.cents) });
}

describe('plan rollups', () => {
  it('equal a recount of the plans after random changes, and give exact renewals', async () => {
    const fixture = await createServiceToOrder(app, {
      title: 'Retainers',
      packages: [
        { title: 'Weekly', type: 'weekly', baseCostCents: 0, recurringCostCents: 11_111 },
        { title: 'Monthly', type: 'monthly', baseCostCents: 0, recurringCostCents: 22_222 },
        { title: 'Yearly', type: 'yearly', baseCostCents: 0, recurringCostCents: 333_333 },
      ],
      extras: [],
    });
    for (let i = 0; i < 9; i += 1) {
      const res = await pay(
        app,
        client.token,
        orderBody(fixture, { coordinatorId: cora.user.id, packageIndex: i % 3 }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await expectRollupsToEqualRecount();
    const ids = (await rows<{ id: string }>(sql`select id from subscriptions order by id`)).map(
      (r) => r.id,
    );
    expect(ids).toHaveLength(9);

    for (let step = 0; step < 80; step += 1) {
      const id = pick(ids);
      const kind = random();
      if (kind < 0.45) {
        // One plan changed in every way the product changes one.
        const amount = 1_000 + Math.floor(random() * 50_000);
        await db.execute(sql`
          update subscriptions set
            status = ${pick(['active', 'active', 'past_due', 'paused', 'cancelled'])},
            "interval" = ${pick(['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly'])},
            amount_cents = ${amount}, gst_cents = ${Math.round(amount / 11)},
            next_charge_at = ${randomInstant().toISOString()},
            pending_change = ${random() < 0.3 ? JSON.stringify({ amountCents: Math.floor(amount / 2) }) : null}::jsonb
          where id = ${id}`);
      } else if (kind < 0.6) {
        // Something else about it: nothing to count.
        await db.execute(
          sql`update subscriptions set failure_count = failure_count + 1 where id = ${id}`,
        );
      } else if (kind < 0.75) {
        // Many at once, in one statement.
        await db.execute(sql`
          update subscriptions set next_charge_at = next_charge_at + interval '59 minutes'
          where status = 'active'`);
      } else if (kind < 0.85) {
        // Deleted, and put back as it was.
        await db.transaction(async (tx) => {
          await tx.execute(sql`create temporary table kept on commit drop as
            select * from subscriptions where id = ${id}`);
          await tx.execute(sql`delete from subscriptions where id = ${id}`);
          await tx.execute(sql`insert into subscriptions select * from kept`);
        });
      } else {
        // Rolled back: counts nothing.
        await db
          .transaction(async (tx) => {
            await tx.execute(sql`update subscriptions set status = 'cancelled' where id = ${id}`);
            throw new Error('rolled back');
          })
          .catch(() => undefined);
      }
      if (step % 8 === 7) await expectRollupsToEqualRecount();
    }
    await expectRollupsToEqualRecount();

    // Windows of every shape: whole hours, part hours at each end, within one hour, empty.
    for (let i = 0; i < 40; i += 1) {
      const from = randomInstant();
      const to = new Date(
        from.getTime() +
          pick([0, 1, HOUR_MS - 1, HOUR_MS, 30 * 24 * HOUR_MS]) +
          pick([0, 1, -1, Math.floor(random() * 5 * 24 * HOUR_MS)]),
      );
      await expectRenewalsToEqualCount(from, to < from ? from : to);
    }
    const [due] = await rows<{ at: string }>(
      sql`select next_charge_at as at from subscriptions where status = 'active' limit 1`,
    );
    if (due) {
      // A charge exactly at either end counts.
      const at = new Date(due.at);
      await expectRenewalsToEqualCount(at, new Date(at.getTime() + 5 * HOUR_MS));
      await expectRenewalsToEqualCount(new Date(at.getTime() - 5 * HOUR_MS), at);
    }
  });

  it('are rebuilt from the plans as they are', async () => {
    await db.execute(sql`update plan_totals set plans = plans + 7`);
    await db.execute(sql`delete from plan_renewal_hours`);
    await db.execute(sql`select plan_rollups_rebuild()`);
    await expectRollupsToEqualRecount();
  });
});
