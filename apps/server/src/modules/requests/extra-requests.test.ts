import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '@noise/shared/billing';
import type { Bill } from '@noise/shared/bills';
import { newIdempotencyKey } from '@noise/shared/payments';
import type { ExtraRequestBought, RequestPlan } from '@noise/shared/requests';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createServiceToOrder,
  orderBody,
  pay,
  sandboxCard,
} from '../../test/order-factories.ts';

/**
 * Extra requests (docs/product.md#extra-requests): once a plan's requests for the period are
 * used, an Owner or Billing person buys one more as an invoice paid by card; paid, it raises the
 * period's cap by one.
 */
const { app } = await createTestApp();
const repos = testRepositories(app);
const cora = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });
const owner = await createUser(app, { firstName: 'Olive', lastName: 'Owner' });
const member = await createTeammate(app, owner.user, 'member');
const billing = await createTeammate(app, owner.user, 'billing');
const stranger = await createUser(app);

/** A monthly plan of two requests a month, one at a time; `extraCents` per extra request. */
function planService(title: string, extraCents: number | null) {
  return createServiceToOrder(app, {
    title,
    packages: [
      {
        title: 'Two a month',
        type: 'monthly',
        baseCostCents: 0,
        recurringCostCents: 99_000,
        activeRequestLimit: 1,
        requestsPerPeriod: 2,
        extraRequestPriceCents: extraCents,
      },
    ],
    extras: [],
  });
}

async function buyPlan(service: Awaited<ReturnType<typeof planService>>) {
  const res = await pay(app, owner.token, orderBody(service, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ projectId: string }>().projectId;
}
const submit = (token: string, planId: string, title: string) =>
  app.inject({
    method: 'POST',
    url: `/api/my/request-plans/${planId}/requests`,
    headers: bearer(token),
    payload: multipart({ title }),
  });
const buyExtra = (token: string, planId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/my/request-plans/${planId}/extra-request`,
    headers: bearer(token),
  });
const planOf = async (planId: string) => {
  const res = await app.inject({ url: '/api/my/request-plans', headers: bearer(owner.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ plans: RequestPlan[] }>().plans.find((p) => p.id === planId)!;
};
const tokenOf = (payUrl: string) => new URL(payUrl).searchParams.get('t')!;

const designs = await buyPlan(await planService('Design Requests', 15_000));

describe('extra requests', () => {
  it('are offered at the package price with GST, and only once the period is used', async () => {
    const plan = await planOf(designs);
    expect(plan.extraRequest).toEqual({ priceCents: 15_000, gstCents: 1_500, totalCents: 16_500 });
    expect(plan.extraThisPeriod).toBe(0);

    const early = await buyExtra(owner.token, designs);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'You have 2 requests left this month: an extra one can be bought once they are used.',
    );
    expect(await repos.bills.ofRequestPlans([designs])).toEqual([]);

    expect((await submit(owner.token, designs, 'Menu')).statusCode).toBe(201);
    expect((await submit(member.token, designs, 'Flyer')).statusCode).toBe(201);
    const over = await submit(member.token, designs, 'Poster');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain('Your plan includes 2 requests a month and all are used');
    expect(over.json().message).toContain('can buy an extra request on the dashboard');
  });

  it('are bought by an Owner or Billing person only, of their own company', async () => {
    expect((await buyExtra(member.token, designs)).statusCode).toBe(403);
    expect((await buyExtra(stranger.token, designs)).statusCode).toBe(404);
    // Staff have no company: a plan is not theirs to buy for.
    expect((await buyExtra(admin.token, designs)).statusCode).toBe(404);
    expect(await repos.bills.ofRequestPlans([designs])).toEqual([]);
  });

  it('bill the shown total; two clicks give one invoice; paid, the cap rises by one', async () => {
    const first = await buyExtra(owner.token, designs);
    expect(first.statusCode, first.body).toBe(201);
    const bought = first.json<ExtraRequestBought>();
    const again = (await buyExtra(owner.token, designs)).json<ExtraRequestBought>();
    expect(again.invoiceId).toBe(bought.invoiceId);
    // Someone else of the company gets an invoice of their own.
    const theirs = (await buyExtra(billing.token, designs)).json<ExtraRequestBought>();
    expect(theirs.invoiceId).not.toBe(bought.invoiceId);

    const bill = (
      await app.inject({ url: `/api/invoices/${bought.invoiceId}`, headers: bearer(admin.token) })
    ).json<Bill>();
    expect(bill).toMatchObject({ status: 'sent', totalCents: 16_500, gstCents: 1_500 });
    expect(bill.lines[0]!.description).toMatch(
      /^Extra request: Design Requests \(Two a month, Order \d+\)$/,
    );
    // Unpaid, it changes nothing.
    expect((await submit(owner.token, designs, 'Poster')).statusCode).toBe(409);

    const paid = await app.inject({
      method: 'POST',
      url: `/api/invoices/${bought.invoiceId}/pay`,
      payload: {
        token: tokenOf(bought.payUrl),
        paymentMethodId: sandboxCard(),
        idempotencyKey: newIdempotencyKey(),
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await planOf(designs)).extraThisPeriod).toBe(1);
    // The Billing page counts it as the panel does, and lists the invoice paid.
    const billingPage = (
      await app.inject({ url: '/api/billing', headers: bearer(billing.token) })
    ).json<BillingOverview>();
    const row = billingPage.subscriptions.find((s) => s.projectId === designs)!;
    expect(row.requests).toMatchObject({
      requestsPerPeriod: 2,
      usedThisPeriod: 2,
      extraThisPeriod: 1,
    });
    expect(billingPage.invoices.find((i) => i._id === bought.invoiceId)).toMatchObject({
      status: 'paid',
      totalCents: 16_500,
    });

    const poster = await submit(member.token, designs, 'Poster');
    expect(poster.statusCode, poster.body).toBe(201);
    expect(poster.json()).toMatchObject({ state: 'queued', queuePlace: 2 });
    expect((await submit(member.token, designs, 'Banner')).statusCode).toBe(409);
    // Bought again once used: a new invoice, not the paid one.
    const next = (await buyExtra(owner.token, designs)).json<ExtraRequestBought>();
    expect(next.invoiceId).not.toBe(bought.invoiceId);
  });

  it('are refused on a plan that sells none, saying why', async () => {
    const plain = await buyPlan(await planService('Copy Requests', null));
    expect((await planOf(plain)).extraRequest).toBeNull();
    await submit(owner.token, plain, 'One');
    await submit(owner.token, plain, 'Two');
    const res = await buyExtra(owner.token, plain);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your Two a month plan does not sell extra requests.');
  });
});
