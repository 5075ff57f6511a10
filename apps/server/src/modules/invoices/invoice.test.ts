import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { payments, projects } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { renderInvoicePdf, type InvoiceData } from './render-invoice.ts';

const { app, config } = await createTestApp({ abn: '12 345 678 901' });
const db = app.database.db;
const { user: cora } = await coordinator(app);

async function paidOrder() {
  const fixture = await createServiceToOrder(app, {
    packages: [
      { title: 'Growth', type: 'monthly', baseCostCents: 150_000, recurringCostCents: 80_000 },
    ],
    extras: [{ title: 'Extra photo shoot', priceCents: 35_000 }],
  });
  const { user, token } = await createUser(app);
  const res = await pay(app, token, orderBody(fixture, { coordinatorId: cora.id, extras: [0] }));
  expect(res.statusCode).toBe(200);
  const projectId = res.json().projectId as string;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  return {
    user,
    token,
    paymentId: res.json().paymentId as string,
    projectId,
    orderNumber: project!.orderNumber,
  };
}

describe('GET /api/payments/:id/invoice', () => {
  it('answers the payer a PDF tax invoice, and staff who manage sales too', async () => {
    const { token, paymentId } = await paidOrder();
    const res = await app.inject({
      url: `/api/payments/${paymentId}/invoice`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/INV-\d{6}\.pdf/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // An admin reads any; a co-ordinator only those of the projects assigned to them.
    const { token: staff } = await createUser(app, { role: 'admin' });
    const forStaff = await app.inject({
      url: `/api/payments/${paymentId}/invoice`,
      headers: bearer(staff),
    });
    expect(forStaff.statusCode).toBe(200);
    const { token: other } = await createUser(app, { role: 'co-ordinator' });
    const forOther = await app.inject({
      url: `/api/payments/${paymentId}/invoice`,
      headers: bearer(other),
    });
    expect(forOther.statusCode).toBe(404);
  });

  it('names the order and the invoice, each by its own number, and says what includes GST', async () => {
    const { token, paymentId, orderNumber } = await paidOrder();
    const res = await app.inject({
      url: `/api/payments/${paymentId}/invoice`,
      headers: bearer(token),
    });
    const runs = await pdfTextRuns(res.rawPayload);
    const valueOf = (label: string) => runs[runs.indexOf(label) + 1];
    expect(valueOf('Order number')).toBe(String(orderNumber));
    expect(valueOf('Invoice number')).toMatch(/^INV-\d{6}$/);
    // The provider's whole transaction id (pi_sandbox_ and 24 characters), never shortened.
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment!.transactionId).toMatch(/^pi_sandbox_.{24}$/);
    expect(valueOf('Payment reference')).toBe(payment!.transactionId);
    expect(runs).toEqual(expect.arrayContaining(['TAX INVOICE', 'ABN 12 345 678 901']));
    expect(runs).toEqual(
      expect.arrayContaining(['Subtotal (exc. GST)', 'Total (inc. GST) AUD', '$2,915.00']),
    );
  });

  it('is 404 for another client and for unknown payments, 401 without sign-in', async () => {
    const { paymentId } = await paidOrder();
    const { token: other } = await createUser(app);
    expect(
      (await app.inject({ url: `/api/payments/${paymentId}/invoice`, headers: bearer(other) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ url: '/api/payments/nope/invoice', headers: bearer(other) })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: `/api/payments/${paymentId}/invoice` })).statusCode).toBe(401);
  });

  it('numbers invoices from one sequence', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const [pa] = await db.select().from(payments).where(eq(payments.id, a.paymentId));
    const [pb] = await db.select().from(payments).where(eq(payments.id, b.paymentId));
    expect(pb!.invoiceNumber).toBeGreaterThan(pa!.invoiceNumber);
  });
});

describe('the invoice PDF', () => {
  const invoice = (overrides: Partial<InvoiceData> = {}): InvoiceData => ({
    companyName: 'Make Noise Agency',
    abn: '',
    website: 'noise.example.com',
    invoiceNumber: 'INV-001234',
    orderNumber: 1234,
    issuedAt: new Date('2026-04-01T00:00:00Z'),
    paymentReference: 'pi_sandbox_0123456789abcdef01234567',
    currency: 'AUD',
    customer: { name: 'Ada Lovelace', company: '', email: 'ada@example.com', phone: '' },
    lines: [{ description: 'Growth: monthly fee', amountCents: 100_000 }],
    subtotalCents: 100_000,
    gstCents: 10_000,
    totalCents: 110_000,
    ...overrides,
  });
  const read = async (data: InvoiceData) => {
    const pdf = await renderInvoicePdf(data);
    return { runs: await pdfTextRuns(pdf), title: (await PDFDocument.load(pdf)).getTitle() };
  };

  it('dates the invoice on the business’s calendar, not the server’s', async () => {
    const late = new Date('2026-03-31T14:30:00Z'); // 1 April, 01:30 in Sydney
    const { runs } = await read(invoice({ issuedAt: late, timeZone: 'Australia/Sydney' }));
    expect(runs).toContain('01 Apr, 2026');
    const utc = await read(invoice({ issuedAt: late, timeZone: 'UTC' }));
    expect(utc.runs).toContain('31 Mar, 2026');
  });

  it('is an Invoice, never a tax invoice, without the seller’s ABN', async () => {
    for (const abn of ['', '  ']) {
      const { runs, title } = await read(invoice({ abn }));
      expect(runs).toContain('INVOICE');
      expect(title).toBe('Invoice INV-001234');
      expect(runs.join('\n')).not.toMatch(/tax invoice/i);
      expect(runs.join('\n')).not.toMatch(/\bABN\b/);
    }
  });

  it('is a TAX INVOICE showing the ABN when the seller has one', async () => {
    const { runs, title } = await read(invoice({ abn: '12 345 678 901' }));
    expect(runs).toEqual(expect.arrayContaining(['TAX INVOICE', 'ABN 12 345 678 901']));
    expect(runs).not.toContain('INVOICE');
    expect(title).toBe('Tax invoice INV-001234');
    expect(runs.some((run) => run.includes(' · ABN 12 345 678 901 · '))).toBe(true);
  });

  it('prints the payment reference whole, however long', async () => {
    for (const reference of [
      'pi_sandbox_0123456789abcdef01234567',
      'pi_sandbox_mmmmmmmmmmmmmmmmmmmmmmmm',
      'pi_3PabcDEFghiJKLmnoPQRstuV',
      'pi_3PWWWWWWWWWWWWWWWWWWWWWWW',
      `ch_${'W'.repeat(80)}`,
    ]) {
      const { runs } = await read(invoice({ paymentReference: reference }));
      // Beside its label, or on the lines under it: read together they give it back whole.
      const shown = runs.slice(runs.indexOf('Payment reference') + 1, runs.indexOf('Status'));
      expect(shown.join(''), reference).toBe(reference);
      // A Stripe or sandbox reference keeps to one line, smaller if need be.
      if (reference.length <= 35) expect(shown, reference).toEqual([reference]);
      expect(runs.join(''), reference).not.toContain('…');
      // The facts after it still follow, each beside its own label.
      expect(runs[runs.indexOf('Status') + 1]).toBe('Paid');
    }
  });
});

describe('GET /api/projects/:id/payments', () => {
  it('lists the project charges with their invoices for the owner only', async () => {
    const { token, paymentId, projectId, orderNumber } = await paidOrder();
    const res = await app.inject({
      url: `/api/projects/${projectId}/payments`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        _id: paymentId,
        orderNumber,
        kind: 'order',
        currency: 'AUD',
        invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
        invoiceUrl: `/api/payments/${paymentId}/invoice`,
      }),
    ]);
    const { token: other } = await createUser(app);
    const refused = await app.inject({
      url: `/api/projects/${projectId}/payments`,
      headers: bearer(other),
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('receipt email', () => {
  it('mails the customer after a payment, with the invoice attached, through the email job', async () => {
    const { user } = await paidOrder();
    await app.jobRunner.runDueJobs();
    const dir = path.join(config.dataDir, 'outbox');
    const mails = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
    const receipt = mails.find((m) => m.includes(`To: ${user.email}`));
    expect(receipt).toBeDefined();
    expect(receipt).toContain('Content-Type: application/pdf');
    expect(receipt).toMatch(/filename=INV-\d{6}\.pdf/);
    // The job is done: running again sends nothing new.
    await app.jobRunner.runDueJobs();
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml')).length).toBe(mails.length);
  });

  it('names the order by its number in the receipt', async () => {
    const { user, orderNumber } = await paidOrder();
    const receipt = await outboxMail(app, config.dataDir, user.email, 'Thank you for ordering');
    expect(receipt.subject).toContain(`(Order ${orderNumber})`);
    expect(receipt.text).toContain(`This is Order ${orderNumber}:`);
    expect(receipt.text).toMatch(/Due today: \$[\d,]+\.\d\d AUD inc\. GST/);
  });
});
