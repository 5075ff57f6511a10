import { describe, expect, it } from 'vitest';
import { priceOrderWithDiscount } from '@noise/shared/discount-pricing';
import { newIdempotencyKey, type ProjectPayment } from '@noise/shared/payments';
import type { Project } from '@noise/shared/project';
import { quoteParts } from '@noise/shared/quote';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
} from '../../test/order-factories.ts';

// docs/product.md#money-after-the-sale: one order of each kind, and every answer that carries
// its amounts agrees with its payments and refunds, to the cent. This file's database holds
// these orders alone, so the reports' totals are theirs too.
const { app } = await createTestApp();
const { user: cora } = await coordinator(app);
const { token: admin } = await createUser(app, { role: 'admin' });
const buyer = await createUser(app, { firstName: 'Mona', lastName: 'Money' });

const fixture = await createServiceToOrder(app, {
  title: 'Figures',
  packages: [
    { title: 'Once', type: 'one-time', baseCostCents: 123_455 },
    { title: 'Monthly', type: 'monthly', baseCostCents: 89_500, recurringCostCents: 75_000 },
  ],
  extras: [{ title: 'Rush', priceCents: 9_995 }],
});

const get = async <T>(url: string, token = admin): Promise<T> => {
  const res = await app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};

async function refund(projectId: string, amount: string) {
  const [payment] = await get<ProjectPayment[]>(`/api/projects/${projectId}/payments`);
  const res = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/payments/${payment!._id}/refunds`,
    headers: bearer(admin),
    payload: { amount, reason: 'requested_by_customer', idempotencyKey: newIdempotencyKey() },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function order(body: object): Promise<string> {
  const res = await pay(app, buyer.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string }>().projectId;
}

const makeCode = await app.inject({
  method: 'POST',
  url: '/api/discount-codes',
  headers: bearer(admin),
  payload: { code: 'FIGURES15', kind: 'percent', percent: 15, startsOn: '2020-01-01' },
});
expect(makeCode.statusCode, makeCode.body).toBe(200);
const discounted = orderBody(fixture, { coordinatorId: cora.id, packageIndex: 1 });
/** A quote with a 25% deposit, paid in two parts: its deposit, then its balance when asked. */
async function depositQuote(): Promise<string> {
  const quote = await createQuote(app, { valueCents: 333_333, depositPercent: 25 });
  const parts = quoteParts(quote);
  const projectId = await order(
    quoteBody(quote, { coordinatorId: cora.id, amount: parts.deposit!.totalWithGstCents }),
  );
  const asked = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/balance-request`,
    headers: bearer(admin),
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const balance = await order(
    quoteBody(quote, { coordinatorId: cora.id, amount: parts.balance!.totalWithGstCents }),
  );
  expect(balance).toBe(projectId);
  return projectId;
}
const orders = {
  oneOff: await order(orderBody(fixture, { coordinatorId: cora.id, extras: [0] })),
  recurringWithSetUp: await order(orderBody(fixture, { coordinatorId: cora.id, packageIndex: 1 })),
  customQuote: await order(
    quoteBody(await createQuote(app, { valueCents: 333_333 }), { coordinatorId: cora.id }),
  ),
  depositQuote: await depositQuote(),
  discounted: await order({
    ...discounted,
    amount: priceOrderWithDiscount(fixture.packages[1]!, [], {
      kind: 'percent',
      percent: 15,
      amountCents: 0,
      duration: 'first_payment',
    }).grandTotalCents,
    projectDetails: { ...discounted.projectDetails, discountCode: 'figures15' },
  }),
  partlyRefunded: await order(orderBody(fixture, { coordinatorId: cora.id, extras: [0] })),
  fullyRefunded: await order(orderBody(fixture, { coordinatorId: cora.id, packageIndex: 1 })),
};
await refund(orders.partlyRefunded, '100.01');
await refund(orders.partlyRefunded, '0.99');
const full = (await get<ProjectPayment[]>(`/api/projects/${orders.fullyRefunded}/payments`))[0]!;
await refund(orders.fullyRefunded, (full.amountCents / 100).toFixed(2));

/** What an order's payments and refunds say, summed here from the payments list. */
async function fromPayments(projectId: string) {
  const payments = await get<ProjectPayment[]>(`/api/projects/${projectId}/payments`);
  const paid = payments.filter((p) => p.status === 'succeeded');
  const refunds = paid.flatMap((p) => p.refunds.filter((r) => r.status === 'succeeded'));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const chargedCents = sum(paid.map((p) => p.amountCents));
  const refundedCents = sum(refunds.map((r) => r.amountCents));
  return {
    paidAtOrderCents: paid.find((p) => p.kind === 'order')?.amountCents ?? 0,
    chargedCents,
    refundedCents,
    keptCents: chargedCents - refundedCents,
    keptGstCents: sum(paid.map((p) => p.gstCents)) - sum(refunds.map((r) => r.gstCents)),
  };
}

describe('one set of figures', () => {
  it('every answer carrying an order’s amounts agrees with its payments, for every kind of order', async () => {
    const customer = await get<Project[]>(`/api/projects?userId=${buyer.user.id}`, buyer.token);
    const staffPage = await get<Project[]>(`/api/users/clients/${buyer.user.id}/projects`);
    const sales = (await get<{ items: Project[] }>('/api/projects-all?limit=50')).items;
    const latest = (
      await get<{ salesData: { id: string; money: Project['money'] }[] }>('/api/overview')
    ).salesData;
    for (const [kind, id] of Object.entries(orders)) {
      const expected = await fromPayments(id);
      const views = {
        sale: (await get<Project>(`/api/projects/${id}`)).money,
        'customer’s project': (await get<Project>(`/api/projects/${id}`, buyer.token)).money,
        'customer’s list': customer.find((p) => p._id === id)?.money,
        'customer page': staffPage.find((p) => p._id === id)?.money,
        'sales list': sales.find((p) => p._id === id)?.money,
        // The overview lists the latest few: those it lists agree too.
        ...(latest.some((s) => s.id === id)
          ? { 'overview’s latest sales': latest.find((s) => s.id === id)?.money }
          : {}),
      };
      for (const [view, money] of Object.entries(views)) {
        expect(money, `${kind} in the ${view}`).toMatchObject(expected);
      }
    }
    expect(latest.length).toBeGreaterThan(3);
    // The deposit and the balance add up to the quote, to the cent.
    expect((await fromPayments(orders.depositQuote)).chargedCents).toBe(366_666);
    // The refunds went where they were meant to.
    expect((await fromPayments(orders.partlyRefunded)).refundedCents).toBe(10_100);
    expect((await fromPayments(orders.fullyRefunded)).keptCents).toBe(0);
    expect((await get<Project>(`/api/projects/${orders.discounted}`)).money.paidAtOrderCents).toBe(
      Math.floor((((89_500 + 75_000) * 85) / 100) * 1.1 + 0.5),
    );
  });

  it('the sales CSV and the reports sum the same figures', async () => {
    const csv = await app.inject({ url: '/api/reports/sales.csv', headers: bearer(admin) });
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const cell = (line: string, name: string) => line.split(',')[columns.indexOf(name)]!;
    let kept = 0;
    let keptGst = 0;
    for (const [kind, id] of Object.entries(orders)) {
      const expected = await fromPayments(id);
      const project = await get<Project>(`/api/projects/${id}`);
      const line = lines.find((l) => l.startsWith(`${project.orderNumber},`))!;
      expect(
        {
          charged: cell(line, 'Charged (inc. GST)'),
          refunded: cell(line, 'Refunded (inc. GST)'),
          kept: cell(line, 'Kept (inc. GST)'),
          gst: cell(line, 'GST kept'),
        },
        kind,
      ).toEqual({
        charged: (expected.chargedCents / 100).toFixed(2),
        refunded: (expected.refundedCents / 100).toFixed(2),
        kept: (expected.keptCents / 100).toFixed(2),
        gst: (expected.keptGstCents / 100).toFixed(2),
      });
      kept += expected.keptCents;
      keptGst += expected.keptGstCents;
    }
    const gst = await get<{ quarters: { salesCents: number; gstCents: number }[] }>(
      '/api/reports/gst',
    );
    expect({
      sales: gst.quarters.reduce((sum, q) => sum + q.salesCents, 0),
      gst: gst.quarters.reduce((sum, q) => sum + q.gstCents, 0),
    }).toEqual({ sales: kept, gst: keptGst });
  });
});
