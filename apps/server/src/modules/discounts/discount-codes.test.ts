import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { localDate } from '@noise/shared/dates';
import type { DiscountCodeRequest } from '@noise/shared/discounts';
import { priceOrderWithDiscount } from '@noise/shared/discount-pricing';
import { withGst } from '@noise/shared/pricing';
import { createTestApp } from '../../test/app.ts';
import { scheduleRenewals } from '../payments/renew-subscription.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  ageDiscountUses,
  coordinator,
  createServiceToOrder,
  orderBody,
  pay,
  sandboxCard,
} from '../../test/order-factories.ts';
import { DISCOUNT_HOLD_MS } from './discount-codes.ts';

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

/** An order of `service`'s first package with `code` (20% off), paid with `card`. */
function bodyWith(code: string, card = sandboxCard(), service = fixture) {
  const body = orderBody(service, { coordinatorId: cora.id, paymentMethod: card });
  const price = priceOrderWithDiscount(service.packages[0]!, [], {
    kind: 'percent',
    percent: 20,
    amountCents: 0,
    duration: 'first_payment',
  });
  return {
    ...body,
    amount: price.grandTotalCents,
    projectDetails: { ...body.projectDetails, discountCode: code },
  };
}
const guestCheckout = (email: string, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/guest-checkout',
    payload: {
      ...body,
      guest: { firstName: 'Gus', lastName: 'Guest', email, phoneNumber: '0412 345 678' },
    },
  });
/** The sandbox's bank check, answered by whoever holds the payment's client secret. */
const approve = (clientSecret: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/authenticate',
    payload: { clientSecret, outcome: 'approve' },
  });
const guestConfirm = (paymentIntentId: string) =>
  app.inject({ method: 'POST', url: '/api/payments/guest-confirm', payload: { paymentIntentId } });

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
    // The project's payments say what the code took off each charge.
    expect((payments[1] as unknown as { discountCents: number }).discountCents).toBe(7_500);
    // Its tax invoice shows the fee and the discount line, as the first payment's does.
    const renewal = payments[1] as unknown as { invoiceUrl: string };
    const invoice = await app.inject({ url: renewal.invoiceUrl, headers: bearer(token) });
    const invoiceText = (await pdfTextRuns(invoice.rawPayload)).join(' ');
    expect(invoiceText).toContain('Discount: your code, taken off every payment');
    expect(invoiceText).toContain('750.00');
    expect(invoiceText).toMatch(/[-−]\$?75\.00/);
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
      ['later', /can be used from 01 Dec, 2026/],
      ['gone', /expired on 25 Nov, 2026/],
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

  it('an unconfirmed 3-D Secure checkout holds a one-use code only for the hold, then is cancelled for the next buyer', async () => {
    // The probe: an anonymous guest starts paying with the card that asks the bank to confirm,
    // with a one-use code, and never confirms.
    await createCode({ code: 'ONEUSE', maxUses: 1 });
    const started = await guestCheckout(
      'never.confirms@example.com',
      bodyWith('ONEUSE', sandboxCard('3ds')),
    );
    expect(started.json().payment).toMatchObject({ requiresAction: true });
    const { clientSecret, paymentIntentId } = started.json().payment;
    const buyer = await createUser(app);
    // While the hold lasts the use is the guest's, and the buyer is told why.
    const held = await payWith(buyer.token, 'ONEUSE');
    expect(held.statusCode).toBe(400);
    // Once it is over, the next buyer gets the code.
    await ageDiscountUses(app, DISCOUNT_HOLD_MS + 1000);
    const paid = await payWith(buyer.token, 'ONEUSE');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(held.json().message).toBe(
      'Every use left of the code ONEUSE is held by a payment waiting for the bank’s confirmation. Try again in a few minutes.',
    );
    // The guest's payment was cancelled with the provider first: finishing the bank check now
    // charges nothing, and says why.
    expect((await approve(clientSecret)).json().status).toBe('failed');
    const late = await guestConfirm(paymentIntentId);
    expect(late.statusCode).toBe(402);
    expect(late.json().message).toBe(
      'The check with your bank took longer than 5 minutes and the code ONEUSE was used up by other orders meanwhile, so this payment was cancelled. You have not been charged: please pay again.',
    );
    expect((await codes()).find((c) => c.code === 'ONEUSE')).toMatchObject({ uses: 1 });
  });

  it('a bank check finished after its hold still pays at the price shown when nobody needed the use', async () => {
    await createCode({ code: 'PATIENT', maxUses: 1 });
    const started = await guestCheckout(
      'slow.but.honest@example.com',
      bodyWith('PATIENT', sandboxCard('3ds')),
    );
    const { clientSecret, paymentIntentId } = started.json().payment;
    await ageDiscountUses(app, DISCOUNT_HOLD_MS + 1000);
    expect((await approve(clientSecret)).json().status).toBe('succeeded');
    const confirmed = await guestConfirm(paymentIntentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await codes()).find((c) => c.code === 'PATIENT')).toMatchObject({ uses: 1 });
    // The use is paid: nobody else gets the code now.
    const { token } = await createUser(app);
    const refused = await payWith(token, 'PATIENT');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/has been used up/);
  });

  it('one email holds one use of a code at a time: a second payment with it replaces the first', async () => {
    await createCode({ code: 'TWOUSES', maxUses: 2 });
    const holder = await createUser(app);
    const first = await pay(app, holder.token, bodyWith('TWOUSES', sandboxCard('3ds')));
    expect(first.json()).toMatchObject({ requiresAction: true });
    const second = await pay(app, holder.token, bodyWith('TWOUSES', sandboxCard('3ds'), other));
    expect(second.json()).toMatchObject({ requiresAction: true });
    // Neither hold is over, yet one use is left for someone else.
    const { token } = await createUser(app);
    expect((await payWith(token, 'TWOUSES')).statusCode).toBe(200);
    const replaced = await app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(holder.token),
      payload: { paymentIntentId: first.json().paymentIntentId },
    });
    expect(replaced.statusCode).toBe(402);
    expect(replaced.json().message).toBe('You started a new payment, so this one was cancelled.');
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
