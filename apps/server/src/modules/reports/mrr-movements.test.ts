import { describe, expect, it } from 'vitest';
import type { RecurringInterval } from '@noise/shared/intervals';
import type { RecurringReport } from '@noise/shared/reports';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { planState } from '../../test/subscription-helpers.ts';

/**
 * How the monthly recurring figure moved this month (docs/product.md#reporting,
 * docs/decisions/108): every change to a plan is logged as it happens, and opening + new +
 * expansion - contraction - churned - paused + resumed = the figure now, to the cent.
 */
const { app } = await createTestApp();
const repos = testRepositories(app);
const admin = await createUser(app, { role: 'admin' });
const cora = await coordinator(app);
const client = await createUser(app, { firstName: 'Mo', lastName: 'Movements' });

const report = async () =>
  (
    await app.inject({ url: '/api/reports/recurring', headers: bearer(admin.token) })
  ).json<RecurringReport>();
const movement = (r: RecurringReport, kind: string) =>
  r.movements.items.find((i) => i.kind === kind)!;

/** A paid plan: its subscription's id. */
async function plan(type: RecurringInterval, recurringCostCents: number) {
  const fixture = await createServiceToOrder(app, {
    title: `Plan ${type} ${recurringCostCents}`,
    packages: [{ title: 'Plan', type, baseCostCents: 0, recurringCostCents }],
    extras: [],
  });
  const res = await pay(app, client.token, orderBody(fixture, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  return (await planState(app, res.json<{ projectId: string }>().projectId)).subscription.id;
}

describe('MRR movements', () => {
  it('logs each change to a plan and reconciles opening + movements to the figure now', async () => {
    const start = await report();
    expect(start.movements.closingCents).toBe(start.monthly.cents);

    // New: $330.00 a month and $110.00 a week ($110.00 × 52 / 12 = $476.67 a month).
    const monthly = await plan('monthly', 30_000);
    const weekly = await plan('weekly', 10_000);
    // Expansion: the monthly plan to $550.00 (+$220.00); contraction: the weekly to $55.00 a
    // week (-$55.00 × 52 / 12 = -$238.33).
    await repos.payments.applyPlanChange(monthly, { amountCents: 55_000, gstCents: 5000 });
    await repos.payments.endPendingPlanChange(weekly, true); // nothing waiting: no change
    await repos.payments.applyPlanChange(weekly, { amountCents: 5500, gstCents: 500 });
    // Paused, then resumed: out and back in; then churned.
    const third = await plan('quarterly', 90_000); // $990.00 a quarter: $330.00 a month
    await repos.payments.setSubscriptionPause(third, {
      pausedAt: new Date(),
      pausedUntil: null,
      pauseHeldProject: false,
    });
    const fourth = await plan('monthly', 20_000); // $220.00
    await repos.payments.setSubscriptionPause(fourth, {
      pausedAt: new Date(),
      pausedUntil: null,
      pauseHeldProject: false,
    });
    await repos.payments.endSubscriptionPause(fourth, new Date(Date.now() + 30 * 86_400_000));
    await repos.payments.cancelSubscription(monthly, admin.user.id);

    const after = await report();
    const delta = (kind: string) => movement(after, kind).cents - movement(start, kind).cents;
    const plans = (kind: string) => movement(after, kind).plans - movement(start, kind).plans;
    // Each within a cent of its exact monthly amount (rounded so that they add up, below).
    const near = (kind: string, count: number, exactCents: number) => {
      expect(plans(kind)).toBe(count);
      expect(Math.abs(delta(kind) - exactCents)).toBeLessThan(1);
    };
    // New: 330.00 + 110.00 × 52 / 12 + 330.00 + 220.00.
    near('new', 4, 33_000 + (11_000 * 52) / 12 + 33_000 + 22_000);
    near('expansion', 1, 22_000);
    near('contraction', 1, (-5500 * 52) / 12);
    near('paused', 2, -33_000 - 22_000);
    near('resumed', 1, 22_000);
    near('churned', 1, -55_000);
    // What is left: the weekly at $55.00 ($238.33 a month) and the resumed $220.00.
    expect(after.monthly.cents - start.monthly.cents).toBe(23_833 + 22_000);
    // The reconciliation, to the cent: opening + every movement = closing = the figure now.
    const sum = after.movements.items.reduce((n, item) => n + item.cents, 0);
    expect(after.movements.openingCents + sum).toBe(after.movements.closingCents);
    expect(after.movements.closingCents).toBe(after.monthly.cents);
    expect(after.movements.openingCents).toBe(start.movements.openingCents);
    // The log, recounted from its first row, comes to the figure the subscriptions give.
    const all = await repos.reports.planChangesBetween(null, new Date(Date.now() + 1));
    const perYear = { weekly: 52, fortnightly: 26, monthly: 12, quarterly: 4, yearly: 1 };
    const recount = all.reduce((n, row) => n + row.cents * perYear[row.interval], 0);
    expect(Math.round(recount / 12)).toBe(after.monthly.cents);
    // GST moves with it: the expansion's is $20.00.
    expect(movement(after, 'expansion').gstCents - movement(start, 'expansion').gstCents).toBe(
      2000,
    );
  });
});
