import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '@noise/shared/billing';
import { quoteDueNow } from '@noise/shared/quote';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
} from '../../test/order-factories.ts';

/**
 * The Billing page (docs/product.md#billing): a company's invoices, adjustment notes, payments due
 * and plans, for its owners and billing people, and for nobody of another company.
 */
const { app } = await createTestApp();
const cora = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });
const owner = await createUser(app, { firstName: 'Olive', lastName: 'Owner' });
const billing = await createTeammate(app, owner.user, 'billing');
const member = await createTeammate(app, owner.user, 'member');
const stranger = await createUser(app);

const oneTime = await createServiceToOrder(app, {
  title: 'Logo design',
  packages: [{ title: 'Basic', type: 'one-time', baseCostCents: 50_000 }],
  extras: [],
});
const monthly = await createServiceToOrder(app, {
  title: 'Social media',
  packages: [
    { title: 'Monthly', type: 'monthly', baseCostCents: 20_000, recurringCostCents: 10_000 },
  ],
  extras: [],
});

const billingOf = async (token: string) => {
  const res = await app.inject({ url: '/api/billing', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BillingOverview>();
};

describe('billing', () => {
  it('is for owners and billing people only', async () => {
    expect((await app.inject({ url: '/api/billing' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/billing', headers: bearer(member.token) })).statusCode,
    ).toBe(403);
    expect(await billingOf(owner.token)).toEqual({
      dues: [],
      invoices: [],
      subscriptions: [],
      documents: [],
      credit: { balanceCents: 0, currency: 'AUD', entries: [] },
    });
  });

  it('lists every invoice and adjustment note, the plans and what is due, to the company only', async () => {
    const logo = await pay(app, owner.token, orderBody(oneTime, { coordinatorId: cora.user.id }));
    expect(logo.statusCode, logo.body).toBe(200);
    const social = await pay(app, owner.token, orderBody(monthly, { coordinatorId: cora.user.id }));
    expect(social.statusCode, social.body).toBe(200);
    const logoId = logo.json<{ projectId: string }>().projectId;
    const socialId = social.json<{ projectId: string }>().projectId;
    const [logoPayment] = (
      await app.inject({ url: `/api/projects/${logoId}/payments`, headers: bearer(owner.token) })
    ).json<{ _id: string; amountCents: number }[]>();
    const refund = await app.inject({
      method: 'POST',
      url: `/api/projects/${logoId}/payments/${logoPayment!._id}/refunds`,
      headers: bearer(admin.token),
      payload: {
        amount: '100',
        reason: 'requested_by_customer',
        idempotencyKey: 'refund-billing-1',
      },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await app.afterAnswer.drain();
    const quote = await createQuote(app, {
      name: 'Spring launch',
      customerId: owner.user.id,
      valueCents: 200_000,
      depositPercent: 30,
    });

    const seen = await billingOf(billing.token);
    expect(seen.documents.map((d) => [d.kind, d.title])).toEqual([
      ['adjustment-note', 'Logo design'],
      ['invoice', 'Social media'],
      ['invoice', 'Logo design'],
    ]);
    expect(seen.documents[0]).toMatchObject({
      amountCents: 10_000,
      url: expect.stringMatching(/^\/api\/refunds\/.+\/adjustment-note$/),
    });
    expect(seen.documents[2]).toMatchObject({
      amountCents: logoPayment!.amountCents,
      url: `/api/payments/${logoPayment!._id}/invoice`,
    });
    expect(seen.subscriptions).toMatchObject([
      { projectId: socialId, title: 'Social media', status: 'active', amountCents: 11_000 },
    ]);
    // A plan that is not a request plan has no use to show.
    expect(seen.subscriptions[0]!.requests).toBeNull();
    expect(seen.subscriptions[0]!.nextChargeAt).not.toBeNull();
    expect(seen.dues).toEqual([
      {
        kind: 'deposit',
        title: 'Spring launch',
        orderNumber: null,
        amountCents: quoteDueNow(quote, false).price.totalWithGstCents,
        currency: 'AUD',
        payable: true,
        href: `/custom-quote/${quote.id}`,
      },
    ]);
    // Each document opens for the billing person.
    for (const document of seen.documents) {
      const pdf = await app.inject({ url: document.url, headers: bearer(billing.token) });
      expect(pdf.statusCode, document.url).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
    }
    expect(await billingOf(owner.token)).toEqual(seen);
    // Another company, and staff (who belong to none), see none of it.
    for (const outsider of [stranger.token, cora.token]) {
      expect(await billingOf(outsider)).toEqual({
        dues: [],
        invoices: [],
        subscriptions: [],
        documents: [],
        // Staff belong to no company, so hold no credit; another company has none of this one's.
        credit: outsider === cora.token ? null : { balanceCents: 0, currency: 'AUD', entries: [] },
      });
    }

    // A cancelled plan has no next charge.
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/projects/${socialId}/subscription/cancel`,
      headers: bearer(owner.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await billingOf(owner.token)).subscriptions).toMatchObject([
      { status: 'cancelled', nextChargeAt: null },
    ]);
  });
});
