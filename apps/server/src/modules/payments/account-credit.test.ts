import { describe, expect, it } from 'vitest';
import type { AccountCredit } from '@noise/shared/account-credit';
import type { BillingOverview } from '@noise/shared/billing';
import type { Bill, PublicBill } from '@noise/shared/bills';
import { addLocalDays, localDate } from '@noise/shared/dates';
import { newIdempotencyKey, type ProjectPayment } from '@noise/shared/payments';
import type { PlanChangeOptions } from '@noise/shared/plan-change';
import type { Project } from '@noise/shared/project';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
  sandboxCard,
} from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { returnUnsettledHolds, UNSETTLED_HOLD_MS } from './return-unsettled-holds.ts';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import {
  cardChargedCents,
  chargeCard,
  moveNextCharge,
  planState,
} from '../../test/subscription-helpers.ts';

/**
 * Account credit (docs/product.md#account-credit, docs/decisions/107): a refund given as credit,
 * spent first on the next renewal, the card asked only for the rest; staff add and take off
 * credit with a reason. Every figure is recounted to the cent.
 */
const { app, config } = await createTestApp();
const cora = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });

// $300.00 a month + GST: $330.00 each period.
const monthly = await createServiceToOrder(app, {
  title: 'Content',
  packages: [{ title: 'Monthly', type: 'monthly', baseCostCents: 0, recurringCostCents: 30_000 }],
  extras: [],
});

// Two monthly packages: an upgrade from Starter to Growth charges the rest of the period.
const tiers = await createServiceToOrder(app, {
  title: 'Ads',
  packages: [
    { title: 'Starter', type: 'monthly', baseCostCents: 0, recurringCostCents: 10_000 },
    { title: 'Growth', type: 'monthly', baseCostCents: 0, recurringCostCents: 25_000 },
  ],
  extras: [],
});

async function plan() {
  const customer = await createUser(app, { firstName: 'Cleo' });
  const res = await pay(app, customer.token, orderBody(monthly, { coordinatorId: cora.user.id }));
  expect(res.statusCode, res.body).toBe(200);
  const projectId = res.json<{ projectId: string }>().projectId;
  const { project } = await planState(app, projectId);
  return { customer, projectId, companyId: project.companyId! };
}

const get = (token: string, url: string) => app.inject({ url, headers: bearer(token) });
const payments = async (projectId: string) =>
  (await get(admin.token, `/api/projects/${projectId}/payments`)).json<ProjectPayment[]>();
const refund = (projectId: string, paymentId: string, body: object, token = admin.token) =>
  app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/payments/${paymentId}/refunds`,
    headers: bearer(token),
    payload: { reason: 'requested_by_customer', idempotencyKey: newIdempotencyKey(), ...body },
  });
const adjust = (companyId: string, body: object, token = admin.token) =>
  app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/credit`,
    headers: bearer(token),
    payload: { idempotencyKey: newIdempotencyKey(), reason: 'Goodwill', ...body },
  });
const billAct = (id: string, what: string, payload?: object, method: 'GET' | 'POST' = 'POST') =>
  app.inject({
    method,
    url: `/api/invoices/${id}${what ? `/${what}` : ''}`,
    headers: bearer(admin.token),
    ...(payload ? { payload } : {}),
  });
/** A staff invoice of $100.00 + GST ($110.00, GST $10.00) to `email`, sent. */
async function sendBillOf100(email: string) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: bearer(admin.token),
    payload: {
      email,
      lines: [{ description: 'Launch video', quantity: 1, unitPrice: '100', gst: true }],
      dueDate: addLocalDays(localDate(new Date(), config.businessTimeZone), 14),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const bill = made.json<Bill>();
  const sent = await billAct(bill._id, 'send');
  expect(sent.statusCode, sent.body).toBe(200);
  return { bill, sent };
}
const billingCredit = async (token: string) =>
  (await get(token, '/api/billing')).json<BillingOverview>().credit!;
async function renewNow(projectId: string) {
  await moveNextCharge(app, projectId, new Date(Date.now() - 60_000));
  await app.jobRunner.runDueJobs();
  return (await planState(app, projectId)).payments.filter((p) => p.kind === 'renewal');
}

describe('account credit', () => {
  it('a refund as credit is spent first on the next renewal; the card pays the rest', async () => {
    const { customer, projectId, companyId } = await plan();
    const [order] = await payments(projectId);
    const made = await refund(projectId, order!._id, { amount: '100.00', to: 'credit' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ status: 'succeeded', amountCents: 10_000, gstCents: 909 });

    const credit = await billingCredit(customer.token);
    expect(credit.balanceCents).toBe(10_000);
    expect(credit.entries).toEqual([
      expect.objectContaining({
        kind: 'refund',
        amountCents: 10_000,
        orderNumber: expect.any(Number),
      }),
    ]);
    const mail = await outboxMail(app, config.dataDir, customer.user.email, 'Refund of $100.00');
    expect(mail.text).toContain('as account credit. Your account credit is now $100.00 AUD');
    const note = await get(
      admin.token,
      `/api/refunds/${made.json<{ _id: string }>()._id}/adjustment-note`,
    );
    expect((await pdfTextRuns(note.rawPayload)).join(' ')).toContain('Refunded as account credit');

    const [renewal] = await renewNow(projectId);
    expect(renewal).toMatchObject({ amountCents: 33_000, gstCents: 3000, creditCents: 10_000 });
    expect(renewal!.provider).toBe('sandbox');
    expect(await cardChargedCents(app, renewal!.transactionId)).toBe(23_000);
    const after = await billingCredit(customer.token);
    expect(after.balanceCents).toBe(0);
    expect(after.entries[0]).toMatchObject({ kind: 'spent', amountCents: -10_000 });
    const receipt = await outboxMail(app, config.dataDir, customer.user.email, 'Receipt');
    expect(receipt.text).toContain(
      'Your account credit paid $100.00 AUD and your card $230.00 AUD.',
    );
    const invoice = await get(customer.token, `/api/payments/${renewal!.id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = (await pdfTextRuns(invoice.rawPayload)).join(' ');
    expect(text).toContain('Paid from account credit');
    expect(text).toContain('Paid by card');

    // The order's money, recounted: charged $330 + $330, refunded $100: kept $560, which is what
    // the card paid ($330 + $230).
    const money = (await get(admin.token, `/api/projects/${projectId}`)).json<Project>().money;
    expect(money).toMatchObject({ chargedCents: 66_000, refundedCents: 10_000, keptCents: 56_000 });

    // The credit's part of the renewal only goes back as credit.
    const tooMuch = await refund(projectId, renewal!.id, { amount: '330.00' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('At most $230.00 can go back to the card');
    expect((await refund(projectId, renewal!.id, { amount: '230.00' })).statusCode).toBe(200);
    expect(
      (await refund(projectId, renewal!.id, { amount: '100.00', to: 'credit' })).statusCode,
    ).toBe(200);
    expect((await billingCredit(customer.token)).balanceCents).toBe(10_000);
    void companyId;
  });

  it('credit that covers the renewal pays it alone, and a declined card gives a hold back', async () => {
    const { customer, projectId, companyId } = await plan();
    const added = await adjust(companyId, { direction: 'add', amount: '400' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<AccountCredit>().balanceCents).toBe(40_000);

    const [renewal] = await renewNow(projectId);
    expect(renewal).toMatchObject({
      provider: 'account_credit',
      amountCents: 33_000,
      creditCents: 33_000,
    });
    expect(await cardChargedCents(app, renewal!.transactionId)).toBeUndefined();
    expect((await billingCredit(customer.token)).balanceCents).toBe(7000);
    const receipt = await outboxMail(app, config.dataDir, customer.user.email, 'Receipt');
    expect(receipt.text).toContain('Your account credit paid all of it.');
    // All of it came from credit: it can only go back as credit.
    const toCard = await refund(projectId, renewal!.id, { amount: '10.00' });
    expect(toCard.statusCode).toBe(400);
    expect(toCard.json().message).toContain('it can only go back as account credit');

    // The next period: $70.00 of credit is held, the card is declined, the $70.00 comes back.
    await chargeCard(app, projectId, sandboxCard('declined'));
    const renewals = await renewNow(projectId);
    expect(renewals).toHaveLength(1);
    const credit = await billingCredit(customer.token);
    expect(credit.balanceCents).toBe(7000);
    expect(credit.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'returned', amountCents: 7000 }),
      expect.objectContaining({ kind: 'spent', amountCents: -7000 }),
    ]);
  });

  it('credit just short of a renewal leaves the card the least a card can be charged', async () => {
    const { customer, projectId, companyId } = await plan();
    await adjust(companyId, { direction: 'add', amount: '329.90' });
    const [renewal] = await renewNow(projectId);
    // $329.90 would leave 10c to the card, which no card takes: the card pays $0.50.
    expect(renewal).toMatchObject({
      provider: 'sandbox',
      amountCents: 33_000,
      creditCents: 32_950,
    });
    expect(await cardChargedCents(app, renewal!.transactionId)).toBe(50);
    expect((await billingCredit(customer.token)).balanceCents).toBe(40);
  });

  it("an upgrade's prorated charge spends the credit the preview showed; the card pays the rest", async () => {
    const upgradable = async (credit: string) => {
      const customer = await createUser(app, { firstName: 'Uma' });
      const body = orderBody(tiers, { coordinatorId: cora.user.id, packageIndex: 0 });
      const res = await pay(app, customer.token, body);
      expect(res.statusCode, res.body).toBe(200);
      const projectId = res.json<{ projectId: string }>().projectId;
      await moveNextCharge(app, projectId, new Date(Date.now() + 12 * 86_400_000));
      const { project } = await planState(app, projectId);
      expect(
        (await adjust(project.companyId!, { direction: 'add', amount: credit })).statusCode,
      ).toBe(200);
      const options = await get(customer.token, `/api/projects/${projectId}/subscription/plans`);
      const preview = options.json<PlanChangeOptions>().options[0]!;
      return { customer, projectId, preview };
    };
    const change = (token: string, projectId: string, body: object) =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/subscription/change`,
        headers: bearer(token),
        payload: { idempotencyKey: newIdempotencyKey(), ...body },
      });

    // $20.00 of credit pays part: the preview says so, and a stale figure is refused.
    const { customer, projectId, preview } = await upgradable('20');
    expect(preview.dueTodayCents).toBeGreaterThan(2000 + 50);
    expect(preview.creditCents).toBe(2000);
    const stale = await change(customer.token, projectId, {
      packageId: preview.packageId,
      expectedDueTodayCents: preview.dueTodayCents,
      expectedCreditCents: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Your account credit changed meanwhile');
    expect((await planState(app, projectId)).project.packageTitle).toBe('Starter');
    expect((await billingCredit(customer.token)).balanceCents).toBe(2000);

    const changed = await change(customer.token, projectId, {
      packageId: preview.packageId,
      expectedDueTodayCents: preview.dueTodayCents,
      expectedCreditCents: 2000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const charge = (await planState(app, projectId)).payments.find((p) => p.kind === 'plan_change');
    expect(charge).toMatchObject({
      provider: 'sandbox',
      amountCents: preview.dueTodayCents,
      gstCents: preview.dueTodayGstCents,
      creditCents: 2000,
    });
    expect(await cardChargedCents(app, charge!.transactionId)).toBe(preview.dueTodayCents - 2000);
    const credit = await billingCredit(customer.token);
    expect(credit.balanceCents).toBe(0);
    expect(credit.entries[0]).toMatchObject({ kind: 'spent', amountCents: -2000 });
    const receipt = await outboxMail(app, config.dataDir, customer.user.email, 'changed to Growth');
    expect(receipt.text).toContain('Your account credit paid $20.00 AUD and your card');

    // Credit that covers it pays it alone; a declined card gives a part hold back.
    const whole = await upgradable('500');
    expect(whole.preview.creditCents).toBe(whole.preview.dueTodayCents);
    const paidByCredit = await change(whole.customer.token, whole.projectId, {
      packageId: whole.preview.packageId,
      expectedCreditCents: whole.preview.creditCents,
    });
    expect(paidByCredit.statusCode, paidByCredit.body).toBe(200);
    const byCredit = (await planState(app, whole.projectId)).payments.find(
      (p) => p.kind === 'plan_change',
    );
    expect(byCredit).toMatchObject({
      provider: 'account_credit',
      creditCents: whole.preview.dueTodayCents,
    });
    expect((await billingCredit(whole.customer.token)).balanceCents).toBe(
      50_000 - whole.preview.dueTodayCents,
    );

    const declined = await upgradable('10');
    await chargeCard(app, declined.projectId, sandboxCard('declined'));
    const refused = await change(declined.customer.token, declined.projectId, {
      packageId: declined.preview.packageId,
      expectedCreditCents: 1000,
    });
    expect(refused.statusCode).toBe(402);
    expect((await billingCredit(declined.customer.token)).balanceCents).toBe(1000);
    expect((await planState(app, declined.projectId)).project.packageTitle).toBe('Starter');
  });

  it('staff take off credit with a reason, never below zero; the same key adds once', async () => {
    const { customer, companyId } = await plan();
    const key = newIdempotencyKey();
    expect(
      (await adjust(companyId, { direction: 'add', amount: '50', idempotencyKey: key })).statusCode,
    ).toBe(200);
    const again = await adjust(companyId, { direction: 'add', amount: '50', idempotencyKey: key });
    expect(again.json<AccountCredit>().balanceCents).toBe(5000);

    const below = await adjust(companyId, { direction: 'remove', amount: '50.01' });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(
      'amount: The company has $50.00 of credit; at most that can be taken off.',
    );
    const noReason = await adjust(companyId, { direction: 'remove', amount: '5', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: 'Please say why' });
    expect(JSON.stringify(noReason.json())).toContain('reason');
    const zero = await adjust(companyId, { direction: 'add', amount: '0' });
    expect(zero.statusCode).toBe(400);
    expect((await billingCredit(customer.token)).balanceCents).toBe(5000);

    const removed = await adjust(companyId, { direction: 'remove', amount: '20' });
    expect(removed.json<AccountCredit>()).toMatchObject({ balanceCents: 3000 });
    const seen = await get(admin.token, `/api/companies/${companyId}/credit`);
    expect(seen.json<AccountCredit>().entries.map((e) => [e.kind, e.amountCents, e.note])).toEqual([
      ['removed', -2000, 'Goodwill'],
      ['added', 5000, 'Goodwill'],
    ]);
    // The client sees the entries, not staff's reasons.
    expect((await billingCredit(customer.token)).entries.map((e) => e.note)).toEqual(['', '']);
  });

  it('an invoice sent to a client with credit is paid from it first; the pay link asks for the rest', async () => {
    const { customer, companyId } = await plan();
    await adjust(companyId, { direction: 'add', amount: '50' });
    const { bill, sent } = await sendBillOf100(customer.user.email);
    const receipt = await outboxMail(app, config.dataDir, customer.user.email, 'Payment received');
    expect(receipt.text).toContain(
      'we received $50.00 AUD inc. GST (GST $4.55 AUD) from your account credit for invoice',
    );
    expect(receipt.text).toContain('which leaves $60.00 AUD to pay');
    const mail = await outboxMail(app, config.dataDir, customer.user.email, 'left to pay');
    expect(mail.text).toContain(
      'Your account credit paid $50.00 AUD of it; $60.00 AUD inc. GST is left to pay',
    );
    expect((await billingCredit(customer.token)).balanceCents).toBe(0);
    const token = new URL(sent.json<Bill>().payUrl!).searchParams.get('t')!;
    const page = (
      await app.inject({ url: `/api/invoices/${bill._id}/pay?t=${token}` })
    ).json<PublicBill>();
    expect(page.dueCents).toBe(6000);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/invoices/${bill._id}/pay`,
      payload: { token, paymentMethodId: sandboxCard(), idempotencyKey: newIdempotencyKey() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await billAct(bill._id, '', undefined, 'GET')).json<Bill>();
    expect(after.status).toBe('paid');
    expect(after.payments.map((p) => [p.method, p.amountCents])).toEqual([
      ['account_credit', 5000],
      ['card', 6000],
    ]);
    // The two parts' GST add up to the bill's $10.00: $4.55 (of $50.00) and $5.45 (of $60.00).
    const card = await outboxMail(app, config.dataDir, customer.user.email, 'by card for invoice');
    expect(card.text).toContain('$60.00 AUD inc. GST (GST $5.45 AUD) by card');
    expect(card.text).toContain('which is now paid');
  });

  it('credit that covers an invoice pays it when sent; reversing that payment gives the credit back', async () => {
    const { customer, companyId } = await plan();
    await adjust(companyId, { direction: 'add', amount: '200' });
    const { bill, sent } = await sendBillOf100(customer.user.email);
    expect(sent.json<Bill>().status).toBe('paid');
    const receipt = await outboxMail(app, config.dataDir, customer.user.email, 'Payment received');
    expect(receipt.text).toContain('from your account credit');
    expect(receipt.text).toContain('which is now paid');
    expect((await billingCredit(customer.token)).balanceCents).toBe(9000);

    const [payment] = sent.json<Bill>().payments;
    const reversed = await billAct(bill._id, `payments/${payment!._id}/reverse`, {
      reason: 'Sent to the wrong company',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json<Bill>()).toMatchObject({ status: 'sent', dueCents: 11_000 });
    expect((await billingCredit(customer.token)).balanceCents).toBe(20_000);
  });

  it('a storefront order spends the credit the page showed; the card pays the rest, at least $0.50', async () => {
    const { customer, companyId } = await plan();
    await adjust(companyId, { direction: 'add', amount: '100' });
    // $200.00 once + GST: $220.00; credit pays $100.00, the card $120.00.
    const once = await createServiceToOrder(app, {
      title: 'Audit',
      packages: [{ title: 'Once', type: 'one-time', baseCostCents: 20_000, recurringCostCents: 0 }],
      extras: [],
    });
    const body = (creditCents: number, paymentMethod = sandboxCard()) => ({
      ...orderBody(once, { coordinatorId: cora.user.id, paymentMethod }),
      creditCents,
    });

    // The page showed another figure (the credit changed meanwhile): refused, nothing recorded.
    const stale = await pay(app, customer.token, body(5000));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Your account credit is now $100.00: please look at the amount again.',
    );
    // A declined card gives the held credit back.
    const declined = await pay(app, customer.token, body(10_000, sandboxCard('declined')));
    expect(declined.statusCode).toBe(402);
    expect((await billingCredit(customer.token)).balanceCents).toBe(10_000);

    const paid = await pay(app, customer.token, body(10_000));
    expect(paid.statusCode, paid.body).toBe(200);
    const projectId = paid.json<{ projectId: string }>().projectId;
    const [order] = (await planState(app, projectId)).payments;
    expect(order).toMatchObject({ amountCents: 22_000, gstCents: 2000, creditCents: 10_000 });
    expect(await cardChargedCents(app, order!.transactionId)).toBe(12_000);
    const credit = await billingCredit(customer.token);
    expect(credit.balanceCents).toBe(0);
    expect(credit.entries[0]).toMatchObject({ kind: 'spent', amountCents: -10_000 });

    // More credit than the order: the card still pays $0.50.
    await adjust(companyId, { direction: 'add', amount: '500' });
    const most = await pay(app, customer.token, body(21_950));
    expect(most.statusCode, most.body).toBe(200);
    const [second] = (await planState(app, most.json<{ projectId: string }>().projectId)).payments;
    expect(await cardChargedCents(app, second!.transactionId)).toBe(50);
    expect((await billingCredit(customer.token)).balanceCents).toBe(50_000 - 21_950);

    // A member does not spend the company's credit.
    const member = await createTeammate(app, customer.user, 'member');
    const refused = await pay(app, member.token, body(10_000));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('owners and billing people');
    expect((await get(member.token, '/api/my/credit')).statusCode).toBe(403);
    expect((await get(customer.token, '/api/my/credit')).json<AccountCredit>().balanceCents).toBe(
      28_050,
    );
  });

  it("a quote's payment spends the credit the page showed, as an order does", async () => {
    const { customer, companyId } = await plan();
    await adjust(companyId, { direction: 'add', amount: '100' });
    const quote = await createQuote(app, { customerId: customer.user.id, valueCents: 200_000 });
    const body = (creditCents: number) => ({
      ...quoteBody(quote, { coordinatorId: cora.user.id }),
      creditCents,
    });
    const stale = await pay(app, customer.token, body(5000));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Your account credit is now $100.00');

    const paid = await pay(app, customer.token, body(10_000));
    expect(paid.statusCode, paid.body).toBe(200);
    const projectId = paid.json<{ projectId: string }>().projectId;
    const [payment] = (await planState(app, projectId)).payments;
    expect(payment).toMatchObject({ amountCents: 220_000, creditCents: 10_000 });
    expect(await cardChargedCents(app, payment!.transactionId)).toBe(210_000);
    const credit = await billingCredit(customer.token);
    expect(credit.balanceCents).toBe(0);
    expect(credit.entries[0]).toMatchObject({ kind: 'spent', amountCents: -10_000 });
  });

  it('a hold nothing settled goes back after a day; a renewal still trying keeps its own', async () => {
    const { customer, projectId, companyId } = await plan();
    await adjust(companyId, { direction: 'add', amount: '100' });
    const repos = app.checkoutDeps.repos;
    const { subscription } = await planState(app, projectId);
    const hold = (holdKey: string, upToCents: number) =>
      repos.accountCredit.hold({ companyId, holdKey, upToCents, currency: 'AUD' });
    // A plan change whose charge was never answered, and a renewal whose card is still to be
    // tried for its period.
    const lost = await hold(`plan-change:${subscription.id}:lost`, 3000);
    const trying = `renewal:${subscription.id}:${subscription.nextChargeAt.toISOString()}:0`;
    await hold(trying, 2000);
    expect((await billingCredit(customer.token)).balanceCents).toBe(5000);
    const sweep = (at: Date) => returnUnsettledHolds({ repos, log: app.log }, at);

    expect(await sweep(new Date())).toBe(0);
    const dayLater = new Date(Date.now() + UNSETTLED_HOLD_MS + 60_000);
    expect(await sweep(dayLater)).toBe(1);
    const credit = await billingCredit(customer.token);
    expect(credit.balanceCents).toBe(8000);
    expect(credit.entries[0]).toMatchObject({ kind: 'returned', amountCents: 3000 });
    expect(await sweep(dayLater)).toBe(0);
    // A late retry of the lost charge holds nothing: it cannot be paid twice from the credit.
    expect(await hold(lost!.holdKey!, 3000)).toBeUndefined();

    // Once the renewal has moved on (here, the plan cancelled), its hold goes back too.
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subscription/cancel`,
      headers: bearer(admin.token),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await sweep(dayLater)).toBe(1);
    expect((await billingCredit(customer.token)).balanceCents).toBe(10_000);
  });

  it('is for the staff who refund: co-ordinators and customers are refused; an unknown company is not found', async () => {
    const { customer, companyId } = await plan();
    for (const token of [cora.token, customer.token]) {
      expect((await get(token, `/api/companies/${companyId}/credit`)).statusCode).toBe(403);
      expect((await adjust(companyId, { direction: 'add', amount: '10' }, token)).statusCode).toBe(
        403,
      );
    }
    expect((await get(admin.token, '/api/companies/nope/credit')).statusCode).toBe(404);
    expect((await adjust('nope', { direction: 'add', amount: '10' })).statusCode).toBe(404);
    expect((await billingCredit(customer.token)).balanceCents).toBe(0);
  });
});
