import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '@noise/shared/payments';
import { withGst } from '@noise/shared/pricing';
import type { Project } from '@noise/shared/project';
import { createAuditRepository } from '../audit/repository.ts';
import { createTestApp } from '../../test/app.ts';
import { outboxMail } from '../../test/outbox.ts';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { ProviderUnavailableError, RefundRefusedError } from './providers/provider.ts';
import { settlePendingRefunds } from './refund-payment.ts';
import { createRefundRepository } from './refund-repository.ts';
import { createPaymentRepository } from './repository.ts';

const { app, config } = await createTestApp({ abn: '51 824 753 556' });
const db = app.database.db;
const { user: cora, token: coraToken } = await coordinator(app);
const { token: adminToken } = await createUser(app, { role: 'admin' });

/** A paid order: one-time ($500 + $99.50 extra) or monthly ($800 set-up, $750 a month). */
async function paidOrder(kind: 'one-time' | 'monthly' = 'one-time') {
  const customer = await createUser(app);
  const fixture = await createServiceToOrder(app, {
    packages: [
      kind === 'monthly'
        ? { title: 'Local', type: 'monthly', baseCostCents: 80_000, recurringCostCents: 75_000 }
        : { title: 'Audit', type: 'one-time', baseCostCents: 50_000 },
    ],
    extras: [{ title: 'Rush', priceCents: 9_950 }],
  });
  const res = await pay(
    app,
    customer.token,
    orderBody(fixture, { coordinatorId: cora.id, extras: kind === 'one-time' ? [0] : [] }),
  );
  expect(res.statusCode).toBe(200);
  const projectId = res.json().projectId as string;
  const [payment] = await listPayments(projectId);
  return { customer, projectId, payment: payment! };
}

async function listPayments(projectId: string, token = adminToken) {
  const res = await app.inject({
    url: `/api/projects/${projectId}/payments`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    _id: string;
    amountCents: number;
    gstCents: number;
    invoiceNumber: string;
    refundableCents: number;
    refunds: { amountCents: number; gstCents: number; status: string; createdByName: string }[];
  }[];
}

function refund(
  projectId: string,
  paymentId: string,
  body: Record<string, unknown>,
  token = adminToken,
) {
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/payments/${paymentId}/refunds`,
    headers: bearer(token),
    payload: { reason: 'requested_by_customer', idempotencyKey: newIdempotencyKey(), ...body },
  });
}

async function project(projectId: string, token = adminToken): Promise<Project> {
  const res = await app.inject({ url: `/api/projects/${projectId}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Sales and GST over the GST report's quarters (the rollups Reporting and the overview read). */
async function reportedTotals() {
  const res = await app.inject({ url: '/api/reports/gst', headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  const { quarters } = res.json() as { quarters: { salesCents: number; gstCents: number }[] };
  return {
    sales: quarters.reduce((sum, q) => sum + q.salesCents, 0),
    gst: quarters.reduce((sum, q) => sum + q.gstCents, 0),
  };
}

const refundsOf = (paymentId: string) => createRefundRepository(db).listOfPayments([paymentId]);

describe('refunds', () => {
  it('refunds part of a payment: the payment stays whole, the refund is its own record, and every figure nets it', async () => {
    const before = await reportedTotals();
    const { projectId, payment } = await paidOrder();
    const charged = withGst(50_000 + 9_950); // $659.45
    expect(payment.amountCents).toBe(charged);

    const res = await refund(projectId, payment._id, { amount: '200' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amountCents: 20_000,
      gstCents: Math.round((20_000 * payment.gstCents) / charged),
      status: 'succeeded',
      reason: 'requested_by_customer',
      noteNumber: expect.stringMatching(/^AN-\d{4}$/),
    });

    const [after] = await listPayments(projectId);
    expect(after!.amountCents).toBe(charged);
    expect(after!.refundableCents).toBe(charged - 20_000);
    expect(after!.refunds).toHaveLength(1);
    expect(after!.refunds[0]!.createdByName).not.toBe('');

    const { money } = await project(projectId);
    expect(money).toMatchObject({
      paidAtOrderCents: charged,
      chargedCents: charged,
      refundedCents: 20_000,
      keptCents: charged - 20_000,
      keptGstCents: payment.gstCents - after!.refunds[0]!.gstCents,
      recurringCents: 0,
      period: null,
    });

    // Reporting and the overview read the rollups: the refund comes off the day it was made.
    const rollup = await reportedTotals();
    expect(rollup.sales - before.sales).toBe(charged - 20_000);
    expect(rollup.gst - before.gst).toBe(money.keptGstCents);

    const [audit] = await createAuditRepository(db).listForEntity('project', projectId);
    expect(audit).toMatchObject({ action: 'payment.refunded' });
    expect(audit!.summary).toContain('$200.00');
    expect(audit!.summary).toContain('Requested by customer');
  });

  it('a repeated request (double click) makes one refund; two at once cannot exceed the payment', async () => {
    const { projectId, payment } = await paidOrder();
    const idempotencyKey = newIdempotencyKey();
    const [one, two] = await Promise.all([
      refund(projectId, payment._id, { amount: 100, idempotencyKey }),
      refund(projectId, payment._id, { amount: 100, idempotencyKey }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json()._id).toBe(two.json()._id);

    // What is left is $559.45: two refunds of $400 at once, one goes through.
    const both = await Promise.all([
      refund(projectId, payment._id, { amount: 400 }),
      refund(projectId, payment._id, { amount: 400 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = both.find((r) => r.statusCode === 400)!;
    expect(refused.json().message).toMatch(/amount: The refund can be at most \$159\.45/);
    const made = await refundsOf(payment._id);
    expect(made.map((r) => r.amountCents).sort()).toEqual([10_000, 40_000]);
  });

  it('refuses bad amounts and reasons with a message naming the field, and records nothing', async () => {
    const { projectId, payment } = await paidOrder();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amount: 0 }, /more than zero/],
      [{ amount: -5 }, /amount in dollars/],
      [{ amount: '10.005' }, /at most two decimals/],
      [{ amount: 'ten' }, /amount in dollars/],
      [{ amount: 1_000 }, /at most \$659\.45/],
      [{ amount: 10, reason: 'because' }, /reason/],
      [{ amount: 10, reason: 'other' }, /Please say why/],
    ];
    for (const [body, message] of cases) {
      const res = await refund(projectId, payment._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toMatch(message);
    }
    expect(await refundsOf(payment._id)).toEqual([]);

    // Refunded in full, nothing is left.
    expect((await refund(projectId, payment._id, { amount: '659.45' })).statusCode).toBe(200);
    const again = await refund(projectId, payment._id, { amount: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/refunded in full/);
    const { money } = await project(projectId);
    expect(money.keptCents).toBe(0);
    expect(money.keptGstCents).toBe(0);
  });

  it('is for super-admins and admins: co-ordinators and customers are refused, and a payment of another order is not found', async () => {
    const { projectId, payment, customer } = await paidOrder();
    expect((await refund(projectId, payment._id, { amount: 10 }, coraToken)).statusCode).toBe(403);
    expect((await refund(projectId, payment._id, { amount: 10 }, customer.token)).statusCode).toBe(
      403,
    );
    // Co-ordinators and the customer still see the payment (and its refunds).
    expect(await listPayments(projectId, coraToken)).toHaveLength(1);
    expect(await listPayments(projectId, customer.token)).toHaveLength(1);

    const other = await paidOrder();
    const res = await refund(projectId, other.payment._id, { amount: 10 });
    expect(res.statusCode).toBe(404);
    expect(await refundsOf(other.payment._id)).toEqual([]);
  });

  it('a monthly order reads as paid at order then the monthly fee, and a refund may stop its renewals', async () => {
    const { projectId, payment } = await paidOrder('monthly');
    const first = withGst(80_000 + 75_000);
    expect(payment.amountCents).toBe(first);
    const { money } = await project(projectId);
    expect(money).toMatchObject({
      paidAtOrderCents: first,
      recurringCents: withGst(75_000),
      period: 'month',
    });

    const res = await refund(projectId, payment._id, {
      amount: '100.00',
      reason: 'other',
      note: 'Started late',
      cancelSubscription: true,
    });
    expect(res.statusCode).toBe(200);
    const subscription = await createPaymentRepository(db).findSubscriptionOfProject(projectId);
    expect(subscription!.status).toBe('cancelled');
  });
});

describe('adjustment notes', () => {
  it('mails the customer once with the note, which names the tax invoice it adjusts; the payer and staff download it, nobody else', async () => {
    const { projectId, payment, customer } = await paidOrder();
    const res = await refund(projectId, payment._id, {
      amount: '110.00',
      reason: 'service_not_delivered',
    });
    expect(res.statusCode).toBe(200);
    const made = res.json() as {
      _id: string;
      noteNumber: string;
      noteUrl: string;
      gstCents: number;
    };
    expect(made.noteUrl).toBe(`/api/refunds/${made._id}/adjustment-note`);

    const mail = await outboxMail(app, config.dataDir, customer.user.email, 'Refund of $110.00');
    // And their bell says so, linking to the project.
    await app.afterAnswer.drain();
    const bell = await app.inject({ url: '/api/notifications', headers: bearer(customer.token) });
    expect(bell.json().items).toContainEqual(
      expect.objectContaining({
        kind: 'payment',
        title: 'Refund of $110.00 processed',
        link: `/dashboard/projects/${projectId}`,
      }),
    );
    expect(mail.text).toContain(`Your adjustment note ${made.noteNumber} is attached`);
    const { invoiceNumber } = (await listPayments(projectId))[0]!;
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({
      filename: `${made.noteNumber}.pdf`,
      contentType: 'application/pdf',
    });
    const text = (await pdfTextRuns(attachment!.content)).join(' ');
    expect(text).toContain('ADJUSTMENT NOTE');
    expect(text).toContain(made.noteNumber);
    expect(text).toContain('Original tax invoice');
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('$110.00');
    expect(text).toContain('Service not delivered');
    expect(text).not.toContain('TAX INVOICE');

    const download = (token: string) => app.inject({ url: made.noteUrl, headers: bearer(token) });
    const mine = await download(customer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect((await download(adminToken)).statusCode).toBe(200);
    const stranger = await createUser(app);
    expect((await download(stranger.token)).statusCode).toBe(404);
  });

  it('a refund that did not go through has no note', async () => {
    const { projectId, payment } = await paidOrder();
    const provider = app.checkoutDeps.provider;
    const makeRefund = provider.refundPayment.bind(provider);
    provider.refundPayment = () => Promise.reject(new RefundRefusedError('No.'));
    await refund(projectId, payment._id, { amount: 5 }).finally(() => {
      provider.refundPayment = makeRefund;
    });
    const [failed] = await refundsOf(payment._id);
    const res = await app.inject({
      url: `/api/refunds/${failed!.id}/adjustment-note`,
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('refunds the provider does not make at once', () => {
  const provider = app.checkoutDeps.provider;
  const makeRefund = provider.refundPayment.bind(provider);

  it('a timeout leaves the refund pending, and the jobs loop settles it with the same key', async () => {
    const { projectId, payment } = await paidOrder();
    provider.refundPayment = () =>
      Promise.reject(new ProviderUnavailableError('The payment provider could not be reached'));
    const res = await refund(projectId, payment._id, { amount: 50 }).finally(() => {
      provider.refundPayment = makeRefund;
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
    expect((await project(projectId)).money).toMatchObject({
      refundedCents: 0,
      pendingRefundCents: 5_000,
    });
    // What is pending counts against what is left.
    expect((await listPayments(projectId))[0]!.refundableCents).toBe(payment.amountCents - 5_000);

    const later = new Date(Date.now() + 5 * 60_000);
    expect(await settlePendingRefunds(app.checkoutDeps, later)).toBe(1);
    expect(await settlePendingRefunds(app.checkoutDeps, later)).toBe(0);
    const [settled] = await refundsOf(payment._id);
    expect(settled).toMatchObject({ status: 'succeeded', amountCents: 5_000 });
    expect((await project(projectId)).money).toMatchObject({
      refundedCents: 5_000,
      pendingRefundCents: 0,
    });
  });

  it('a refusal shows the provider’s reason and no money moves', async () => {
    const { projectId, payment } = await paidOrder();
    provider.refundPayment = () =>
      Promise.reject(new RefundRefusedError('Charge has already been refunded.'));
    const res = await refund(projectId, payment._id, { amount: 50 }).finally(() => {
      provider.refundPayment = makeRefund;
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      'The payment provider refused the refund: Charge has already been refunded.',
    );
    expect((await project(projectId)).money).toMatchObject({
      refundedCents: 0,
      pendingRefundCents: 0,
      keptCents: payment.amountCents,
    });
    expect((await listPayments(projectId))[0]!.refundableCents).toBe(payment.amountCents);
  });
});
