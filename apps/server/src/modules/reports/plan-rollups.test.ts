import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { planRollupConsole } from '../../test/plan-rollups.ts';
import { seeded } from '../../test/seeded.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { createReportRepository } from './repository.ts';

// Reporting's recurring figures read rollups of the plans kept by triggers on `subscriptions`
// (docs/decisions/109-plan-rollups.md). Random changes to the plans, made as any console could
// make them (one row or many per statement, deleted and put back, rolled back), and then both
// rollups must equal a recount of the plans, and the renewals of any window a direct count.
const { app } = await createTestApp();
const db = planRollupConsole(app);
const reports = createReportRepository(app.database.db);
const client = await createUser(app);
const cora = await coordinator(app);

const random = seeded(109);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const HOUR_MS = 3_600_000;
const START = Date.parse('2026-06-01T00:00:00Z');
/** An instant in June 2026: often exactly on an hour, or a millisecond either side of one. */
function randomInstant(): Date {
  const hour = START + Math.floor(random() * 30 * 24) * HOUR_MS;
  return new Date(hour + pick([0, 0, -1, 1, Math.floor(random() * HOUR_MS)]));
}

async function expectRollupsToEqualRecount() {
  const totals = await db.totals();
  expect(totals.kept).toEqual(totals.recount);
  const hours = await db.renewalHours();
  expect(hours.kept).toEqual(hours.recount);
}

async function expectRenewalsToEqualCount(from: Date, to: Date) {
  const read = await reports.renewalsBetween(from, to, 5);
  expect(
    { count: read.count, cents: read.cents },
    `${from.toISOString()} to ${to.toISOString()}`,
  ).toEqual(await db.dueBetween(from, to));
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
    const ids = await db.subscriptionIds();
    expect(ids).toHaveLength(9);

    for (let step = 0; step < 80; step += 1) {
      const id = pick(ids);
      const kind = random();
      if (kind < 0.45) {
        // One plan changed in every way the product changes one.
        const amountCents = 1_000 + Math.floor(random() * 50_000);
        await db.rewrite(id, {
          status: pick(['active', 'active', 'past_due', 'paused', 'cancelled']),
          interval: pick(['weekly', 'fortnightly', 'monthly', 'quarterly', 'yearly']),
          amountCents,
          nextChargeAt: randomInstant(),
          pendingAmountCents: random() < 0.3 ? Math.floor(amountCents / 2) : null,
        });
      } else if (kind < 0.6) {
        // Something else about it: nothing to count.
        await db.countFailure(id);
      } else if (kind < 0.75) {
        // Many at once, in one statement.
        await db.shiftActive();
      } else if (kind < 0.85) {
        await db.deleteAndRestore(id);
      } else {
        // Rolled back: counts nothing.
        await db.cancelRolledBack(id);
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
    const at = await db.activeChargeAt();
    if (at) {
      // A charge exactly at either end counts.
      await expectRenewalsToEqualCount(at, new Date(at.getTime() + 5 * HOUR_MS));
      await expectRenewalsToEqualCount(new Date(at.getTime() - 5 * HOUR_MS), at);
    }
  });

  it('are rebuilt from the plans as they are', async () => {
    await db.damageAndRebuild();
    await expectRollupsToEqualRecount();
  });
});
