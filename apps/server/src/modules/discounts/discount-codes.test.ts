import { describe, expect, it } from 'vitest';
import { localDate } from '@noise/shared/dates';
import type { DiscountCodeRequest } from '@noise/shared/discounts';
import { priceOrderWithDiscount } from '@noise/shared/discount-pricing';
import { withGst } from '@noise/shared/pricing';
import { createTestApp } from '../../test/app.ts';
import { scheduleRenewals } from '../payments/renew-subscription.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createServiceToOrder,
  orderBody,
  pay,
  sandboxCard,
} from '../../test/order-factories.ts';

const clock = new Date('2026-11-26T01:00:00Z'); // 26 Nov, 12:00 in Sydney
const { app } = await createTestApp({}, { now: () => clock });
const { user: cora } = await coordinator(app);
const { token: admin } = await createUser(app, { role: 'admin' });

// Monthly: $895 set-up + $750 a month before GST; one-time: $500.
const fixture = await createServiceToOrder(app, {
  title: 'Local SEO',
  packages: [
    { title: 'Local', type: 'monthly', baseCostCents: 89_500, recurringCostCents: 75_000 },
    { title: 'Audit', type: 'one-time', baseCostCents: 50_000 },
  ],
  extras: [],
});
const other = await createServiceToOrder(app, { title: 'Branding', extras: [] });

let n = 0;
function createCode(body: Partial<DiscountCodeRequest> = {}, token = admin) {
  return app.inject({
    method: 'POST',
    url: '/api/discount-codes',
    headers: bearer(token),
    payload: {
      code: `SAVE${++n}`,
      kind: 'percent',
      percent: 20,
      startsOn: '2026-11-01',
      ...body,
    },
  });
}

const check = (code: string, serviceId = fixture.service.id) =>
  app.inject({
    method: 'POST',
    url: '/api/discount-codes/check',
    payload: { code, serviceId },
  });

/** An order of the monthly package with `code`, paying what the page would show. */
async function payWith(token: string, code: string, percent = 20) {
  const body = orderBody(fixture, { coordinatorId: cora.id });
  const price = priceOrderWithDiscount(fixture.packages[0]!, [], {
    kind: 'percent',
    percent,
    amountCents: 0,
    duration: 'first_payment',
  });
  return pay(app, token, {
    ...body,
    amount: price.grandTotalCents,
    projectDetails: { ...body.projectDetails, discountCode: code },
  });
}

const codes = async () =>
  (await app.inject({ url: '/api/discount-codes', headers: bearer(admin) })).json<
    { code: string; uses: number; discountGivenCents: number }[]
  >();

describe('discount codes', () => {
  it('staff make a code; a buyer checks it in any case and pays the discounted price, GST on what is left', async () => {
    const made = await createCode({ code: 'Spring20' });
    expect(made.statusCode, made.body).toBe(200);
    const checked = await check('  spring20 ');
    expect(checked.json()).toMatchObject({
      code: 'Spring20',
      discount: { kind: 'percent', percent: 20, duration: 'first_payment' },
    });

    const { token } = await createUser(app);
    const paid = await payWith(token, 'SPRING20');
    expect(paid.statusCode, paid.body).toBe(200);
    // ($895 + $750 - 20%) + GST; then $825.00 a month as before.
    const project = (
      await app.inject({ url: `/api/projects/${paid.json().projectId}`, headers: bearer(token) })
    ).json<{ money: { paidAtOrderCents: number; recurringCents: number } }>();
    expect(project.money).toMatchObject({ paidAtOrderCents: 144_760, recurringCents: 82_500 });

    const [payment] = (
      await app.inject({
        url: `/api/projects/${paid.json().projectId}/payments`,
        headers: bearer(token),
      })
    ).json<{ amountCents: number; gstCents: number }[]>();
    expect(payment).toMatchObject({ amountCents: 144_760, gstCents: 13_160 });

    expect((await codes()).find((c) => c.code === 'Spring20')).toMatchObject({
      uses: 1,
      discountGivenCents: 32_900,
    });
    // Reporting totals what the codes gave, by when they were used.
    const day = (offset: number) =>
      localDate(new Date(Date.now() + offset * 86_400_000), 'Australia/Sydney');
    const report = await app.inject({
      url: `/api/reports/revenue?granularity=day&from=${day(-1)}&to=${day(1)}`,
      headers: bearer(admin),
    });
    expect(report.json().discountsGivenCents).toBe(32_900);
  });

  it('a code off every renewal lowers the subscription too', async () => {
    await createCode({ code: 'EVERY10', percent: 10, duration: 'every_renewal' });
    const { token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    const price = priceOrderWithDiscount(fixture.packages[0]!, [], {
      kind: 'percent',
      percent: 10,
      amountCents: 0,
      duration: 'every_renewal',
    });
    const paid = await pay(app, token, {
      ...body,
      amount: price.grandTotalCents,
      projectDetails: { ...body.projectDetails, discountCode: 'every10' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const subscription = (
      await app.inject({
        url: `/api/projects/${paid.json().projectId}/subscription`,
        headers: bearer(token),
      })
    ).json<{ amountCents: number }>();
    expect(subscription.amountCents).toBe(withGst(75_000 - 7_500));

    // A month on, the renewal is charged at the lower price, and what the code gave counts it.
    const given = async () => (await codes()).find((c) => c.code === 'EVERY10')!.discountGivenCents;
    expect(await given()).toBe(16_450);
    await scheduleRenewals(app.checkoutDeps.repos, new Date(Date.now() + 40 * 86_400_000));
    await app.jobRunner.runDueJobs();
    const payments = (
      await app.inject({
        url: `/api/projects/${paid.json().projectId}/payments`,
        headers: bearer(token),
      })
    ).json<{ kind: string; amountCents: number }[]>();
    expect(payments.map((p) => [p.kind, p.amountCents])).toEqual([
      ['order', price.grandTotalCents],
      ['renewal', withGst(67_500)],
    ]);
    expect(await given()).toBe(16_450 + 7_500);
    const report = await app.inject({
      url: '/api/reports/revenue?granularity=month&from=2020-01-01&to=2030-12-31',
      headers: bearer(admin),
    });
    expect(report.json().discountsGivenCents).toBeGreaterThanOrEqual(16_450 + 7_500);
  });

  it('refuses what is wrong with a code, saying which, and charges nothing', async () => {
    await createCode({ code: 'LATER', startsOn: '2026-12-01' });
    await createCode({ code: 'GONE', startsOn: '2026-10-01', endsOn: '2026-11-25' });
    await createCode({ code: 'BRANDONLY', serviceIds: [other.service.id] });
    await createCode({ code: 'OFF', active: false });
    await createCode({ code: 'BIGORDER', minimumOrder: '5000' });
    const refusals: [string, RegExp][] = [
      ['NOPE', /There is no discount code NOPE/],
      ['later', /can be used from 01 Dec 2026/],
      ['gone', /expired on 25 Nov 2026/],
      ['brandonly', /does not apply to this service/],
      ['off', /no longer available/],
    ];
    for (const [code, message] of refusals) {
      const res = await check(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message, code).toMatch(message);
    }
    const { token } = await createUser(app);
    for (const [code, message] of [...refusals, ['bigorder', /at least \$5,000\.00/] as const]) {
      const res = await payWith(token, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message, code).toMatch(message);
    }
    // The price without the code is refused with it: the server prices, not the page.
    await createCode({ code: 'FAIR' });
    const full = orderBody(fixture, { coordinatorId: cora.id });
    const cheat = await pay(app, token, {
      ...full,
      projectDetails: { ...full.projectDetails, discountCode: 'FAIR' },
    });
    expect(cheat.statusCode).toBe(400);
    expect(cheat.json().message).toMatch(/does not match the order total/);
    const mine = await app.inject({ url: '/api/projects', headers: bearer(token) });
    expect(mine.json()).toEqual([]);
  });

  it('refuses bad codes from staff with a message naming the field', async () => {
    const cases: [Partial<DiscountCodeRequest>, RegExp][] = [
      [{ percent: 0 }, /between 1 and 100/],
      [{ percent: 101 }, /between 1 and 100/],
      [{ startsOn: '2026-12-10', endsOn: '2026-12-01' }, /on or after the start date/],
      [{ code: 'TWO WORDS' }, /no spaces/],
      [{ code: 'SAVE🎉' }, /letters, digits/],
      [{ kind: 'amount', amount: null }, /Enter the amount off/],
      [{ kind: 'amount', amount: '10.005' }, /two decimals/],
    ];
    for (const [body, message] of cases) {
      const res = await createCode(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toMatch(message);
    }
    expect((await createCode({ code: 'Unique1' })).statusCode).toBe(200);
    const twice = await createCode({ code: 'UNIQUE1' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/exists already/);
  });

  it('is for admins: co-ordinators and customers are refused', async () => {
    const { token: client } = await createUser(app);
    const { token: coord } = await coordinator(app);
    for (const token of [client, coord]) {
      expect((await createCode({}, token)).statusCode).toBe(403);
      const list = await app.inject({ url: '/api/discount-codes', headers: bearer(token) });
      expect(list.statusCode).toBe(403);
    }
  });

  it('the last use of a limited code goes to one of two checkouts at once; uses per customer hold', async () => {
    await createCode({ code: 'LASTONE', maxUses: 1 });
    const [a, b] = await Promise.all([createUser(app), createUser(app)]);
    const both = await Promise.all([payWith(a.token, 'LASTONE'), payWith(b.token, 'LASTONE')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.statusCode === 400)!.json().message).toMatch(/has been used up/);

    await createCode({ code: 'ONCEEACH', maxUsesPerCustomer: 1 });
    const c = await createUser(app);
    expect((await payWith(c.token, 'ONCEEACH')).statusCode).toBe(200);
    const again = await payWith(c.token, 'ONCEEACH');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already used the code ONCEEACH/);
    expect((await payWith(a.token, 'ONCEEACH')).statusCode).toBe(200);
  });

  it('a declined checkout gives its use back', async () => {
    await createCode({ code: 'RETRY', maxUses: 1 });
    const { token } = await createUser(app);
    const body = orderBody(fixture, {
      coordinatorId: cora.id,
      paymentMethod: 'pm_sandbox_declined',
    });
    const price = priceOrderWithDiscount(fixture.packages[0]!, [], {
      kind: 'percent',
      percent: 20,
      amountCents: 0,
      duration: 'first_payment',
    });
    const declined = await pay(app, token, {
      ...body,
      amount: price.grandTotalCents,
      payment_method: sandboxCard('declined'),
      projectDetails: { ...body.projectDetails, discountCode: 'RETRY' },
    });
    expect(declined.statusCode).toBe(402);
    expect((await payWith(token, 'RETRY')).statusCode).toBe(200);
  });
});
