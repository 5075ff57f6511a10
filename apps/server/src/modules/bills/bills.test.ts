import { describe, expect, it } from 'vitest';
import type { Bill, PublicBill } from '@noise/shared/bills';
import type { BillingOverview } from '@noise/shared/billing';
import { localDate } from '@noise/shared/dates';
import { newIdempotencyKey } from '@noise/shared/payments';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { coordinator, sandboxCard } from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { remindBills } from './remind-bills.ts';

// A clock the test moves: due dates and Overdue are the business's days.
let clock = new Date();
const { app, config } = await createTestApp({ abn: '51 824 753 556' }, { now: () => clock });
const { token: adminToken } = await createUser(app, { role: 'admin' });
const { token: coordinatorToken } = await coordinator(app);
const client = await createUser(app, { firstName: 'Olivia', lastName: 'Client' });
const stranger = await createUser(app);

const day = (offsetDays: number) =>
  localDate(new Date(clock.getTime() + offsetDays * 86_400_000), config.businessTimeZone);

/** Two lines: one with GST, one GST-free, with figures worked out by hand below. */
const twoLines = [
  // 3 × $33.33 = $99.99; GST 9.999 -> $10.00; $109.99 with GST.
  { description: 'Campaign shoot', quantity: 3, unitPrice: '33.33', gst: true },
  // 2.5 × $12.34 = $30.85, GST-free.
  { description: 'Stock licence', quantity: '2.5', unitPrice: '12.34', gst: false },
];

const make = (payload: object, token = adminToken) =>
  app.inject({ method: 'POST', url: '/api/invoices', headers: bearer(token), payload });
const act = (id: string, what: string, payload?: object, token = adminToken) =>
  app.inject({
    method: 'POST',
    url: `/api/invoices/${id}/${what}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
const listCount = async () =>
  (await app.inject({ url: '/api/invoices', headers: bearer(adminToken) })).json<{
    bills: unknown[];
  }>().bills.length;

async function newBill(lines = twoLines, email = client.user.email): Promise<Bill> {
  const res = await make({ email, lines, dueDate: day(14), note: 'Thank you' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function billing(token = client.token): Promise<BillingOverview> {
  const res = await app.inject({ url: '/api/billing', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The GST report's figures over every quarter: what reporting counts of the payments. */
async function gstTotals() {
  const report = (await app.inject({ url: '/api/reports/gst', headers: bearer(adminToken) })).json<{
    quarters: { salesCents: number; gstCents: number; refundedCents: number }[];
  }>();
  const sum = (pick: (q: (typeof report.quarters)[number]) => number) =>
    report.quarters.reduce((total, q) => total + pick(q), 0);
  return {
    sales: sum((q) => q.salesCents),
    gst: sum((q) => q.gstCents),
    refunded: sum((q) => q.refundedCents),
  };
}

const tokenOf = (payUrl: string) => new URL(payUrl).searchParams.get('t')!;

describe('staff invoices', () => {
  it('works out every figure to the cent: a GST line, a GST-free line, and both', async () => {
    const bill = await newBill();
    expect(bill.status).toBe('draft');
    expect(bill.number).toMatch(/^B-\d{4}$/);
    expect(bill.lines.map((l) => [l.netCents, l.gstCents, l.totalCents])).toEqual([
      [9999, 1000, 10999],
      [3085, 0, 3085],
    ]);
    // The recount: each line from quantity × unit price, GST 10 % rounded half up per line.
    const recount = bill.lines.map((l) => {
      const net = (l.quantityHundredths * l.unitCents) / 100;
      return { net, gst: l.gst ? Math.round(net / 10) : 0 };
    });
    const net = recount.reduce((s, l) => s + l.net, 0);
    const gst = recount.reduce((s, l) => s + l.gst, 0);
    expect(bill.subtotalCents).toBe(net);
    expect(bill.subtotalCents).toBe(13084);
    expect(bill.gstFreeCents).toBe(3085);
    expect(bill.gstCents).toBe(gst);
    expect(bill.gstCents).toBe(1000);
    expect(bill.totalCents).toBe(net + gst);
    expect(bill.totalCents).toBe(14084);
    expect(bill.dueCents).toBe(14084);

    // GST alone, GST-free alone.
    const gstOnly = await newBill([twoLines[0]!]);
    expect([gstOnly.subtotalCents, gstOnly.gstCents, gstOnly.totalCents]).toEqual([
      9999, 1000, 10999,
    ]);
    const free = await newBill([twoLines[1]!]);
    expect([free.subtotalCents, free.gstCents, free.gstFreeCents, free.totalCents]).toEqual([
      3085, 0, 3085, 3085,
    ]);
    // Half a cent of GST rounds up: $0.05 -> GST $0.01 (0.5 cents).
    const half = await newBill([
      { description: 'Tiny', quantity: 1, unitPrice: '0.05', gst: true },
    ]);
    expect([half.gstCents, half.totalCents]).toEqual([1, 6]);
  });

  it('refuses bad input with a message naming the field, and saves nothing', async () => {
    const before = await listCount();
    const cases: [object, string, string][] = [
      [
        { lines: [{ description: 'x', quantity: 1, unitPrice: '-5' }] },
        'lines.0.unitPrice',
        'Unit price cannot be negative',
      ],
      [
        { lines: [{ description: 'x', quantity: 1, unitPrice: '1.005' }] },
        'lines.0.unitPrice',
        'fraction of a cent',
      ],
      [
        { lines: [{ description: 'x', quantity: '1.5', unitPrice: '0.01' }] },
        'lines.0.unitPrice',
        'fraction of a cent',
      ],
      [
        { lines: [{ description: 'x', quantity: -1, unitPrice: '5' }] },
        'lines.0.quantity',
        'Quantity cannot be negative',
      ],
      [{ lines: [] }, 'lines', 'Add at least one line'],
      [{ dueDate: day(-1) }, 'dueDate', 'The due date cannot be in the past'],
      [{ email: '' }, 'email', 'Choose a customer'],
    ];
    for (const [change, path, message] of cases) {
      const res = await make({
        email: client.user.email,
        lines: twoLines,
        dueDate: day(7),
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const body = res.json<{ message: string; details?: { path: string; message: string }[] }>();
      const detail = body.details?.find((d) => d.path === path);
      expect(detail?.message ?? body.message, JSON.stringify(change)).toContain(message);
    }
    expect(await listCount()).toBe(before);
  });

  it('sends with a signed pay link; the client pays by card with the bank check', async () => {
    const bill = await newBill();
    const sent = await act(bill._id, 'send');
    expect(sent.statusCode, sent.body).toBe(200);
    const sentBill = sent.json<Bill>();
    expect(sentBill.status).toBe('sent');
    const mail = await outboxMail(app, config.dataDir, client.user.email, bill.number);
    expect(mail.text).toContain('$140.84 AUD inc. GST');
    const link = /https?:\/\/\S+\/pay\/invoice\/\S+/.exec(mail.text ?? '')![0];
    expect(link).toBe(sentBill.payUrl);
    const token = tokenOf(link);

    // Without the signature the invoice does not exist.
    const forged = await app.inject({ url: `/api/invoices/${bill._id}/pay?t=forged` });
    expect(forged.statusCode).toBe(404);
    // Nor does another invoice's signature.
    const other = await newBill([twoLines[1]!]);
    await act(other._id, 'send');
    const crossed = await app.inject({ url: `/api/invoices/${other._id}/pay?t=${token}` });
    expect(crossed.statusCode).toBe(404);
    const crossedPay = await app.inject({
      method: 'POST',
      url: `/api/invoices/${other._id}/pay`,
      payload: { token, paymentMethodId: sandboxCard(), idempotencyKey: newIdempotencyKey() },
    });
    expect(crossedPay.statusCode).toBe(404);
    const page = await app.inject({ url: `/api/invoices/${bill._id}/pay?t=${token}` });
    expect(page.statusCode).toBe(200);
    const shown = page.json<PublicBill>();
    expect([shown.totalCents, shown.gstCents, shown.dueCents]).toEqual([14084, 1000, 14084]);
    expect(shown).not.toHaveProperty('customer');

    // The 3-D Secure card: the bank's check, then the confirm, as the checkout does.
    const started = await app.inject({
      method: 'POST',
      url: `/api/invoices/${bill._id}/pay`,
      payload: { token, paymentMethodId: sandboxCard('3ds'), idempotencyKey: newIdempotencyKey() },
    });
    expect(started.statusCode, started.body).toBe(200);
    const challenge = started.json<{
      status: string;
      clientSecret: string;
      paymentIntentId: string;
    }>();
    expect(challenge.status).toBe('requires_action');
    const checked = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      payload: { clientSecret: challenge.clientSecret, outcome: 'approve' },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/invoices/${bill._id}/pay/confirm`,
      payload: { token, paymentIntentId: challenge.paymentIntentId },
    });
    expect(confirmed.json()).toEqual({ status: 'paid' });

    const paid = (
      await app.inject({ url: `/api/invoices/${bill._id}`, headers: bearer(adminToken) })
    ).json<Bill>();
    expect(paid.status).toBe('paid');
    expect([paid.paidCents, paid.dueCents]).toEqual([14084, 0]);
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]!.method).toBe('card');

    // Paying again is refused; the receipt carries the tax invoice of the same figures.
    const again = await app.inject({
      method: 'POST',
      url: `/api/invoices/${bill._id}/pay`,
      payload: { token, paymentMethodId: sandboxCard(), idempotencyKey: newIdempotencyKey() },
    });
    expect(again.statusCode).toBe(409);
    const receipt = await outboxMail(app, config.dataDir, client.user.email, 'Payment received');
    const text = (await pdfTextRuns(receipt.attachments[0]!.content)).join(' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Stock licence (2.5 × $12.34, GST-free)');
    expect(text).toContain('$140.84');
    expect(text).toContain('$10.00');

    // The client's Billing page: the invoice paid, its tax invoice among the documents.
    const page2 = await billing();
    const listed = page2.invoices.find((i) => i._id === bill._id)!;
    expect(listed).toMatchObject({ status: 'paid', totalCents: 14084, dueCents: 0 });
    const doc = page2.documents.find((d) => d.number === paid.payments[0]!.invoiceNumber)!;
    expect(doc).toMatchObject({ amountCents: 14084, projectId: null, orderNumber: null });
    const pdf = await app.inject({ url: doc.url, headers: bearer(client.token) });
    expect(pdf.statusCode).toBe(200);
    // Another company's customer sees none of it.
    const theirs = await billing(stranger.token);
    expect(theirs.invoices).toHaveLength(0);
    const notTheirs = await app.inject({ url: doc.url, headers: bearer(stranger.token) });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('marks paid by bank transfer once; a mistaken mark is reversed by an adjustment note', async () => {
    const teammate = await createTeammate(app, client.user, 'billing');
    const bill = await newBill([twoLines[0]!]);
    await act(bill._id, 'send');
    const mark = { method: 'bank_transfer', receivedOn: day(0), reference: 'ACME 7781' };

    const future = await act(bill._id, 'mark-paid', { ...mark, receivedOn: day(2) });
    expect(future.statusCode).toBe(400);
    expect(future.json().details[0].path).toBe('receivedOn');

    const reported = await gstTotals();
    const marked = await act(bill._id, 'mark-paid', mark);
    expect(marked.statusCode, marked.body).toBe(200);
    const paid = marked.json<Bill>();
    expect(paid.status).toBe('paid');
    expect(paid.payments[0]).toMatchObject({
      method: 'bank_transfer',
      reference: 'ACME 7781',
      amountCents: 10999,
    });

    // Reporting counts it with every other payment: $109.99 in, $10.00 of it GST.
    const afterMark = await gstTotals();
    expect(afterMark.sales - reported.sales).toBe(10999);
    expect(afterMark.gst - reported.gst).toBe(1000);

    // Twice: refused, nothing recorded.
    const twice = await act(bill._id, 'mark-paid', mark);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('already paid');
    const after = (
      await app.inject({ url: `/api/invoices/${bill._id}`, headers: bearer(adminToken) })
    ).json<Bill>();
    expect(after.payments).toHaveLength(1);

    const receipt = await outboxMail(app, config.dataDir, client.user.email, 'by bank transfer');
    const text = (await pdfTextRuns(receipt.attachments[0]!.content)).join(' ');
    expect(text).toContain('ACME 7781');
    expect(text).toContain('$109.99');

    // A teammate with billing sees it on the company's Billing page.
    const theirs = await billing(teammate.token);
    expect(theirs.invoices.find((i) => i._id === bill._id)?.status).toBe('paid');

    // The reversal: an adjustment note, the invoice unpaid again, the payment kept.
    const reversed = await act(bill._id, `payments/${paid.payments[0]!._id}/reverse`, {
      reason: 'Marked the wrong invoice',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const unpaid = reversed.json<Bill>();
    expect(unpaid.status).toBe('sent');
    expect([unpaid.paidCents, unpaid.dueCents]).toEqual([0, 10999]);
    expect(unpaid.payments[0]!.reversal?.noteNumber).toMatch(/^AN-\d{4}$/);
    // The adjustment note takes it out of reporting again.
    const afterReversal = await gstTotals();
    expect(afterReversal.refunded - afterMark.refunded).toBe(10999);
    expect(afterReversal.gst).toBe(reported.gst);
    expect(afterReversal.sales).toBe(reported.sales);
    const reverseTwice = await act(bill._id, `payments/${paid.payments[0]!._id}/reverse`, {
      reason: 'Again',
    });
    expect(reverseTwice.statusCode).toBe(409);
    const note = await app.inject({
      url: unpaid.payments[0]!.reversal!.url,
      headers: bearer(client.token),
    });
    expect(note.statusCode).toBe(200);
    const docs = (await billing()).documents.filter((d) => d.title === `Invoice ${bill.number}`);
    expect(docs.map((d) => [d.kind, d.amountCents]).sort()).toEqual([
      ['adjustment-note', 10999],
      ['invoice', 10999],
    ]);
  });

  it('voids an unpaid invoice, never a paid one; Overdue after the due date', async () => {
    const bill = await newBill();
    await act(bill._id, 'send');
    const voided = await act(bill._id, 'void');
    expect(voided.json<Bill>().status).toBe('void');
    expect(voided.json<Bill>().payUrl).toBeNull();
    expect(
      (await act(bill._id, 'mark-paid', { method: 'cash', receivedOn: day(0) })).statusCode,
    ).toBe(409);

    const paidBill = await newBill();
    await act(paidBill._id, 'send');
    await act(paidBill._id, 'mark-paid', { method: 'cash', receivedOn: day(0) });
    expect((await act(paidBill._id, 'void')).statusCode).toBe(409);

    const late = await newBill();
    await act(late._id, 'send');
    clock = new Date(clock.getTime() + 15 * 86_400_000);
    try {
      const shown = (
        await app.inject({ url: `/api/invoices/${late._id}`, headers: bearer(adminToken) })
      ).json<Bill>();
      expect(shown.status).toBe('overdue');
      const listed = (await billing()).invoices.find((i) => i._id === late._id);
      expect(listed?.status).toBe('overdue');
      expect(listed?.payHref).toMatch(/^\/pay\/invoice\//);
    } finally {
      clock = new Date();
    }
  });

  it('reminds before the due date and once it is overdue, never a paid one', async () => {
    const customer = await createUser(app, { firstName: 'Rory' });
    const res = await make({ email: customer.user.email, lines: twoLines, dueDate: day(2) });
    const bill = res.json<Bill>();
    await act(bill._id, 'send');
    const paid = (
      await make({ email: customer.user.email, lines: twoLines, dueDate: day(2) })
    ).json<Bill>();
    await act(paid._id, 'send');
    await act(paid._id, 'mark-paid', { method: 'cash', receivedOn: day(0) });
    const deps = { repos: testRepositories(app), config };

    // Just sent: its own mail is fresh, so no reminder yet.
    expect(await remindBills(deps, new Date())).toBe(0);
    const dayLater = new Date(Date.now() + 25 * 3600_000);
    // Settings › Business details can turn them off (0 days).
    const off = {
      ...deps,
      config: {
        ...config,
        business: { ...config.business, invoiceReminderDaysBefore: 0, invoiceReminderDaysAfter: 0 },
      },
    };
    expect(await remindBills(off, dayLater)).toBe(0);
    expect(await remindBills(off, new Date(Date.now() + 4 * 86_400_000))).toBe(0);
    // A day later, two days before it is due: the reminder, once.
    expect(await remindBills(deps, dayLater)).toBe(1);
    expect(await remindBills(deps, dayLater)).toBe(0);
    const before = await outboxMail(app, config.dataDir, customer.user.email, 'Reminder: invoice');
    expect(before.subject).toContain(bill.number);
    expect(before.text).toContain('$140.84 AUD inc. GST');
    // After the due date: the overdue reminder, once.
    const late = new Date(Date.now() + 4 * 86_400_000);
    expect(await remindBills(deps, late)).toBe(1);
    expect(await remindBills(deps, late)).toBe(0);
    const overdue = await outboxMail(app, config.dataDir, customer.user.email, 'Overdue: invoice');
    expect(overdue.subject).toContain(bill.number);
  });

  it('is for staff with invoices:manage alone', async () => {
    for (const token of [client.token, coordinatorToken]) {
      const res = await make({ email: 'x@example.com', lines: twoLines, dueDate: day(3) }, token);
      expect(res.statusCode).toBe(403);
      const list = await app.inject({ url: '/api/invoices', headers: bearer(token) });
      expect(list.statusCode).toBe(403);
    }
  });

  it('makes a guest customer for an email without an account', async () => {
    const email = `new-${Date.now()}@example.com`;
    const bill = await newBill([twoLines[1]!], email);
    expect(bill.customer.email).toBe(email);
    const { user: staffer } = await createUser(app, { role: 'co-ordinator' });
    const staff = await make({ email: staffer.email, lines: twoLines, dueDate: day(3) });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().details[0]).toMatchObject({ path: 'email' });
  });
});
