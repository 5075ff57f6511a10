import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { overviewSchema, type Overview } from '@noise/shared/overview';
import { payments, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp } from '../../test/app.ts';
import { createOrder } from '../../test/catalogue-admin-helpers.ts';
import { bearer, createUser } from '../../test/factories.ts';

let clock = new Date();
const { app } = await createTestApp({ businessTimeZone: 'Australia/Sydney' }, { now: () => clock });
const admin = await createUser(app, { role: 'admin' });
const coordinator = await createUser(app, { role: 'co-ordinator' });
const buyer = await createUser(app, { role: 'client' });

/** A sale at a given instant: the order (project) and its succeeded payment. */
async function sale(at: string, amountCents: number, options: { status?: string } = {}) {
  const createdAt = new Date(at);
  const project = await createOrder(app, {
    userId: buyer.user.id,
    createdAt,
    totalPriceCents: Math.round(amountCents / 1.1),
    title: `Sale ${at}`,
  });
  await app.database.db.insert(payments).values({
    projectId: project.id,
    userId: buyer.user.id,
    provider: 'sandbox',
    transactionId: `pi_${newId()}`,
    amountCents,
    gstCents: amountCents - Math.round(amountCents / 1.1),
    currency: 'USD',
    status: options.status ?? 'succeeded',
    createdAt,
  });
  return project;
}

async function overview(token = admin.token): Promise<Overview> {
  const res = await app.inject({ url: '/api/overview', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return overviewSchema.parse(res.json());
}

const figures = (o: Overview) => ({
  today: [o.revenue.today.totalSales, o.revenue.today.totalOrders],
  week: [o.revenue.week.totalSales, o.revenue.week.totalOrders],
  month: [o.revenue.month.totalSales, o.revenue.month.totalOrders],
});

describe('GET /api/overview revenue, in Sydney time', () => {
  it('counts a sale at 23:30 local time for that local day, not the UTC one', async () => {
    // Wednesday 11 September 2024, 23:45 in Sydney (UTC+10) is 13:45 UTC.
    clock = new Date('2024-09-11T23:45:00+10:00');
    await sale('2024-09-11T23:30:00+10:00', 11_000); // 13:30 UTC the same day
    await sale('2024-09-11T00:10:00+10:00', 2_200); // 10 September 14:10 UTC
    await sale('2024-09-10T23:59:00+10:00', 5_500); // yesterday, local
    await sale('2024-09-11T12:00:00+10:00', 99_999, { status: 'failed' }); // an order, not money
    const o = await overview();
    expect(figures(o)).toEqual({
      today: [132, 3],
      week: [187, 4],
      month: [187, 4],
    });
    expect(o.revenue.timeZone).toBe('Australia/Sydney');
    expect(o.revenue.today.from).toBe('2024-09-10T14:00:00.000Z');
    expect(o.revenue.today.to).toBe('2024-09-11T14:00:00.000Z');
    // ISO week: from Monday 9 September, local midnight.
    expect(o.revenue.week.from).toBe('2024-09-08T14:00:00.000Z');
  });

  it('starts the week on Monday at local midnight', async () => {
    // Monday 3 June 2024, 01:00 in Sydney.
    clock = new Date('2024-06-03T01:00:00+10:00');
    await sale('2024-06-03T00:00:00+10:00', 1_000); // the first moment of the week
    await sale('2024-06-02T23:59:59+10:00', 2_000); // Sunday night: last week, this month
    await sale('2024-05-31T23:30:00+10:00', 4_000); // last month
    const o = await overview();
    expect(figures(o)).toEqual({
      today: [10, 1],
      week: [10, 1],
      month: [30, 2],
    });
    expect(o.revenue.week.from).toBe('2024-06-02T14:00:00.000Z');
    expect(o.revenue.month.from).toBe('2024-05-31T14:00:00.000Z');
  });

  it('follows daylight saving and lets a week span two months', async () => {
    // Sunday 1 December 2024, 00:30 in Sydney (summer time, UTC+11).
    clock = new Date('2024-12-01T00:30:00+11:00');
    await sale('2024-12-01T00:05:00+11:00', 3_333); // today
    await sale('2024-11-30T23:30:00+11:00', 1_111); // yesterday, November, but this week
    await sale('2024-11-25T00:00:00+11:00', 1_000); // Monday: this week
    await sale('2024-11-24T23:59:00+11:00', 7_000); // the week before
    const o = await overview();
    expect(figures(o)).toEqual({
      today: [33.33, 1],
      week: [54.44, 3],
      month: [33.33, 1],
    });
    expect(o.revenue.today.from).toBe('2024-11-30T13:00:00.000Z');
    expect(o.revenue.month.to).toBe('2024-12-31T13:00:00.000Z');
  });

  it('counts renewals as money received without a new order', async () => {
    clock = new Date('2025-03-20T10:00:00+11:00');
    const project = await sale('2025-03-20T09:00:00+11:00', 5_000);
    await app.database.db.insert(payments).values({
      projectId: project.id,
      userId: buyer.user.id,
      provider: 'sandbox',
      transactionId: `pi_${newId()}`,
      amountCents: 1_234,
      gstCents: 112,
      currency: 'USD',
      status: 'succeeded',
      kind: 'renewal',
      createdAt: new Date('2025-03-20T09:30:00+11:00'),
    });
    const o = await overview();
    expect(o.revenue.today).toMatchObject({ totalSales: 62.34, totalOrders: 1 });
  });
});

describe('GET /api/overview lists', () => {
  it('lists the latest sales newest first with their type', async () => {
    clock = new Date('2030-01-01T00:00:00Z');
    const older = await createOrder(app, {
      userId: buyer.user.id,
      createdAt: new Date('2029-12-30T00:00:00Z'),
      title: 'Older',
    });
    const quote = await createOrder(app, {
      userId: buyer.user.id,
      createdAt: new Date('2029-12-31T00:00:00Z'),
      title: 'Launch campaign',
      type: 'CustomQuote',
      totalPriceCents: 250_000,
    });
    const o = await overview();
    expect(o.salesData[0]).toEqual({
      id: quote.id,
      title: 'Launch campaign',
      type: 'CustomQuote',
      date: '2029-12-31T00:00:00.000Z',
      totalPrice: 2500,
      // An order waiting on its payment: nothing paid yet.
      money: expect.objectContaining({ paidAtOrderCents: 0, keptCents: 0, period: null }),
    });
    expect(o.salesData[1]).toMatchObject({ id: older.id, title: 'Older', type: 'Project' });
    expect(o.salesData.length).toBeLessThanOrEqual(10);
  });

  it('lists the newest clients by display name, or first and last name without one', async () => {
    const named = await createUser(app, { role: 'client', firstName: 'Jo', lastName: 'Bloggs' });
    const displayed = await createUser(app, { role: 'client', firstName: 'Sam', lastName: 'Lee' });
    await app.database.db
      .update(users)
      .set({ displayName: 'Sammy', createdAt: new Date('2031-01-02T00:00:00Z') })
      .where(eq(users.id, displayed.user.id));
    await app.database.db
      .update(users)
      .set({ createdAt: new Date('2031-01-01T00:00:00Z') })
      .where(eq(users.id, named.user.id));
    const o = await overview();
    expect(o.clients.slice(0, 2)).toEqual([
      {
        _id: displayed.user.id,
        profile: { displayName: 'Sammy', firstName: 'Sam', lastName: 'Lee' },
        name: 'Sammy',
        createdAt: '2031-01-02T00:00:00.000Z',
      },
      {
        _id: named.user.id,
        profile: { displayName: '', firstName: 'Jo', lastName: 'Bloggs' },
        name: 'Jo Bloggs',
        createdAt: '2031-01-01T00:00:00.000Z',
      },
    ]);
    // Staff are not customers.
    expect(o.clients.map((c) => c._id)).not.toContain(admin.user.id);
  });

  it('is open to staff with overview:read only', async () => {
    expect((await app.inject({ url: '/api/overview' })).statusCode).toBe(401);
    const client = await app.inject({ url: '/api/overview', headers: bearer(buyer.token) });
    expect(client.statusCode).toBe(403);
    await overview(coordinator.token);
  });
});
