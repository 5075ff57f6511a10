import type { RecurringInterval } from '@noise/shared/intervals';
import { describe, expect, it } from 'vitest';
import type { Bill } from '@noise/shared/bills';
import { localDate } from '@noise/shared/dates';
import type { RecurringReport } from '@noise/shared/reports';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';

/**
 * Reporting's recurring figures (docs/product.md#reporting): the plans' monthly amount, the
 * renewals of the next 30 days and the unpaid invoices by age, each summing to the cent.
 */
// A clock the test moves: the invoices' ages are the business's days.
let clock = new Date();
const { app, config } = await createTestApp({}, { now: () => clock });
const admin = await createUser(app, { role: 'admin' });
const cora = await coordinator(app);
const client = await createUser(app, { firstName: 'Rita', lastName: 'Recurring' });

const report = async (token = admin.token) =>
  app.inject({ url: '/api/reports/recurring', headers: bearer(token) });
const day = (offsetDays: number) =>
  localDate(new Date(clock.getTime() + offsetDays * 86_400_000), config.businessTimeZone);

async function order(type: RecurringInterval, recurringCostCents: number) {
  const fixture = await createServiceToOrder(app, {
    title: `Retainer ${type}`,
    packages: [{ title: 'Plan', type, baseCostCents: 10_000, recurringCostCents }],
    extras: [],
  });
  const res = await pay(app, client.token, orderBody(fixture, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
}

async function sentBill(unitPrice: string, dueDate: string): Promise<Bill> {
  const made = await app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: bearer(admin.token),
    payload: {
      email: client.user.email,
      lines: [{ description: 'Shoot', quantity: 1, unitPrice, gst: true }],
      dueDate,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const bill = made.json<Bill>();
  const sent = await app.inject({
    method: 'POST',
    url: `/api/invoices/${bill._id}/send`,
    headers: bearer(admin.token),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return bill;
}

describe('GET /api/reports/recurring', () => {
  it("sums the plans to a month, lists the month's renewals and ages what is owed", async () => {
    const before = (await report()).json<RecurringReport>();
    // $100.00 a week ($110.00 with GST) and $300.00 a month ($330.00).
    await order('weekly', 10_000);
    await order('monthly', 30_000);
    // $600.00 a quarter ($660.00) and $1,200.00 a year ($1,320.00): $220.00 and $110.00 a month.
    await order('quarterly', 60_000);
    await order('yearly', 120_000);
    const now = (await report()).json<RecurringReport>();
    // A week's charge is 52/12 of it a month: 11,000 × 52 / 12 = 47,666.67 cents.
    expect(now.monthly.cents - before.monthly.cents).toBe(
      Math.round((11_000 * 52) / 12) + 33_000 + 22_000 + 11_000,
    );
    expect(now.monthly.plans - before.monthly.plans).toBe(4);
    expect(now.monthly.paused).toEqual(before.monthly.paused);
    // The weekly one renews within 30 days; the listed items sum to the total when all fit.
    const mine = now.renewals.items.filter((item) => item.serviceTitle.startsWith('Retainer'));
    expect(mine.map((item) => item.amountCents)).toContain(11_000);
    expect(now.renewals.count).toBe(now.renewals.items.length);
    expect(now.renewals.totalCents).toBe(
      now.renewals.items.reduce((total, item) => total + item.amountCents, 0),
    );
    expect(mine.find((item) => item.amountCents === 11_000)!.client).toBe('Acme Pty Ltd');

    // Three invoices: one paid (left out), two unpaid; then 40 days pass.
    const paid = await sentBill('50.00', day(5));
    const marked = await app.inject({
      method: 'POST',
      url: `/api/invoices/${paid._id}/mark-paid`,
      headers: bearer(admin.token),
      payload: { method: 'bank_transfer', receivedOn: day(0), reference: 'R1' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await sentBill('100.00', day(5));
    await sentBill('200.00', day(60));
    clock = new Date(clock.getTime() + 40 * 86_400_000);
    const owed = (await report()).json<RecurringReport>().outstanding;
    expect(owed.buckets).toEqual([
      { label: 'Not yet due', cents: 22_000, count: 1 },
      { label: '1–30 days overdue', cents: 0, count: 0 },
      { label: '31–60 days overdue', cents: 11_000, count: 1 },
      { label: '61–90 days overdue', cents: 0, count: 0 },
      { label: 'Over 90 days overdue', cents: 0, count: 0 },
    ]);
    expect(owed).toMatchObject({ totalCents: 33_000, count: 2 });
  });

  it('is for staff who read reports only', async () => {
    expect((await report(client.token)).statusCode).toBe(403);
    const { token } = await coordinator(app);
    expect((await report(token)).statusCode).toBe(403);
  });
});
