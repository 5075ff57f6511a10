import { describe, expect, it } from 'vitest';
import { addLocalDays, endOfLocalDay, localDate } from '@noise/shared/dates';
import { formatCalendarDay } from '@noise/shared/format-day';
import { newIdempotencyKey, quotePaymentRequest } from '@noise/shared/payments';
import type { Project } from '@noise/shared/project';
import { BALANCE_DUE_DAYS, type PublicQuote, type Quote } from '@noise/shared/quote';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { remindBalances } from './remind-balances.ts';
import { bearer, createTeammate, createUser } from '../../test/factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { coordinator, pay, sandboxCard, signQuote } from '../../test/order-factories.ts';

const { app, config } = await createTestApp({ abn: '51 824 753 556' });
const { user: cora, token: coraToken } = await coordinator(app);
const { token: otherCoordinatorToken } = await coordinator(app);
const { token: adminToken } = await createUser(app, { role: 'admin' });

/** A quote made on the staff form: $1,000.00 before GST, and a deposit. */
async function makeQuote(deposit: { kind: string; value: number }, value = 1000) {
  return app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: bearer(adminToken),
    payload: { name: 'Brand launch', deliverables: 'Logo, Guide', value, deposit },
  });
}

async function publicQuote(id: string, token: string): Promise<PublicQuote> {
  const res = await app.inject({ url: `/api/quotes/${id}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Pays what the quote's page asks now (the deposit, or the balance), as the page does. */
async function payQuote(
  quoteId: string,
  customer: { token: string; user: { id: string; email: string } },
) {
  // Signed first, as the page asks; once its deposit is paid there is nothing to sign.
  await signQuote(app, quoteId, customer.token);
  const quote = await publicQuote(quoteId, customer.token);
  return pay(
    app,
    customer.token,
    quotePaymentRequest({
      quote,
      userId: customer.user.id,
      coordinatorId: cora.id,
      customer: { name: 'Test Client', email: customer.user.email },
      companyName: 'Acme Pty Ltd',
      contactNumber: '0412345678',
      paymentMethodId: sandboxCard(),
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

async function project(id: string, token = adminToken): Promise<Project> {
  const res = await app.inject({ url: `/api/projects/${id}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function payments(projectId: string, token = adminToken) {
  const res = await app.inject({
    url: `/api/projects/${projectId}/payments`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    kind: string;
    amountCents: number;
    gstCents: number;
    invoiceNumber: string;
    invoiceUrl: string;
  }[];
}

const requestBalance = (projectId: string, token = adminToken) =>
  app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/balance-request`,
    headers: bearer(token),
  });

describe('a quote with a deposit', () => {
  it('reminds of a requested balance before it is due and once overdue, never when paid', async () => {
    const reminders = { repos: testRepositories(app), config };
    // Midday of the business's day `n` days from today: the sweep counts calendar days there.
    const today = localDate(new Date(), config.businessTimeZone);
    const days = (n: number) =>
      new Date(
        endOfLocalDay(addLocalDays(today, n), config.businessTimeZone).getTime() - 12 * 3600_000,
      );
    const customer = await createUser(app, { firstName: 'Rory' });
    const unpaid = (await makeQuote({ kind: 'percent', value: 30 })).json<Quote>();
    const unpaidProject = (await payQuote(unpaid._id, customer)).json<{ projectId: string }>();
    const settled = (await makeQuote({ kind: 'percent', value: 50 })).json<Quote>();
    const settledProject = (await payQuote(settled._id, customer)).json<{ projectId: string }>();
    // Nothing asked yet: nothing to remind, however late.
    expect(await remindBalances(reminders, days(30))).toBe(0);
    expect((await requestBalance(unpaidProject.projectId)).statusCode).toBe(202);
    expect((await requestBalance(settledProject.projectId)).statusCode).toBe(202);
    expect((await payQuote(settled._id, customer)).statusCode).toBe(200);

    // Just asked: its own mail is fresh. With the default schedule (3 days before, 1 after) the
    // week's balance is reminded on its 4th day, and once overdue on its 8th.
    expect(await remindBalances(reminders, new Date())).toBe(0);
    expect(await remindBalances(reminders, days(3))).toBe(0);
    expect(await remindBalances(reminders, days(4))).toBe(1);
    expect(await remindBalances(reminders, days(4))).toBe(0);
    const before = await outboxMail(
      app,
      config.dataDir,
      customer.user.email,
      'Reminder: the balance',
    );
    expect(before.subject).toContain('Brand launch');
    expect(before.text).toContain('the balance of $770.00 inc. GST');
    expect(before.text).toContain(`${config.publicUrl}/custom-quote/${unpaid._id}`);
    expect(await remindBalances(reminders, days(7))).toBe(0);
    expect(await remindBalances(reminders, days(8))).toBe(1);
    expect(await remindBalances(reminders, days(9))).toBe(0);
    const overdue = await outboxMail(
      app,
      config.dataDir,
      customer.user.email,
      'Overdue: the balance',
    );
    expect(overdue.text).toContain('was due on');

    // Asked again, it is due a week from then and reminded anew.
    expect((await requestBalance(unpaidProject.projectId)).statusCode).toBe(202);
    expect(await remindBalances(reminders, days(4))).toBe(1);
  });

  it('charges the deposit, starts the project, then charges the balance when staff ask', async () => {
    const made = await makeQuote({ kind: 'percent', value: 30 });
    expect(made.statusCode).toBe(201);
    const quote = made.json<Quote>();
    expect(quote).toMatchObject({ depositPercent: 30, depositAmount: null, state: 'Draft' });
    const customer = await createUser(app);

    // The deposit: 30% of $1,000.00 is $300.00, $330.00 with GST.
    const deposit = await payQuote(quote._id, customer);
    expect(deposit.statusCode).toBe(200);
    const projectId = deposit.json<{ projectId: string }>().projectId;
    let sale = await project(projectId);
    expect(sale.money).toMatchObject({
      paidAtOrderCents: 33_000,
      chargedCents: 33_000,
      depositCents: 33_000,
      balanceCents: 77_000,
      balanceDueCents: 77_000,
    });
    expect(sale.oneTimeTotalWithGST).toBe(1100);
    const quoteNow = await publicQuote(quote._id, customer.token);
    expect(quoteNow).toMatchObject({ paid: false, depositPaid: true, balanceRequested: false });
    const receipt = await outboxMail(app, config.dataDir, customer.user.email, 'Deposit:');
    expect(receipt.text).toContain('The balance of $770.00 AUD inc. GST is due when the work');

    // Not before staff ask for it.
    const early = await payQuote(quote._id, customer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('not due yet');

    // Nobody else pays it, nor asks for it.
    const stranger = await createUser(app);
    expect((await payQuote(quote._id, stranger)).statusCode).toBe(409);
    expect((await requestBalance(projectId, customer.token)).statusCode).toBe(403);
    expect((await requestBalance(projectId, otherCoordinatorToken)).statusCode).toBe(404);

    // The project's co-ordinator asks: the customer gets the link.
    const asked = await requestBalance(projectId, coraToken);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(`The balance request was sent to ${customer.user.email}`);
    const mail = await outboxMail(app, config.dataDir, customer.user.email, 'Balance due');
    const dueDate = addLocalDays(localDate(new Date(), config.businessTimeZone), BALANCE_DUE_DAYS);
    expect(mail.text).toContain(
      `the balance of $770.00 inc. GST is now due, by ${formatCalendarDay(dueDate)}`,
    );
    expect(await publicQuote(quote._id, customer.token)).toMatchObject({
      balanceRequested: true,
      balanceDueDate: dueDate,
    });
    expect(mail.text).toContain(`${config.publicUrl}/custom-quote/${quote._id}`);

    const balance = await payQuote(quote._id, customer);
    expect(balance.statusCode).toBe(200);
    expect(balance.json().projectId).toBe(projectId);
    sale = await project(projectId);
    expect(sale.money).toMatchObject({
      chargedCents: 110_000,
      chargedGstCents: 10_000,
      keptCents: 110_000,
      balanceDueCents: 0,
    });
    const recorded = await payments(projectId, customer.token);
    expect(recorded.map((p) => [p.kind, p.amountCents, p.gstCents])).toEqual([
      ['order', 33_000, 3_000],
      ['balance', 77_000, 7_000],
    ]);
    expect(await publicQuote(quote._id, customer.token)).toMatchObject({ paid: true });
    const staffQuote = await app.inject({
      url: `/api/quotes/${quote._id}/manage`,
      headers: bearer(adminToken),
    });
    expect(staffQuote.json()).toMatchObject({ state: 'Paid', projectId });

    // Both payments have their own tax invoice, naming the part they pay.
    const balanceMail = await outboxMail(app, config.dataDir, customer.user.email, 'Balance paid');
    const text = (await pdfTextRuns(balanceMail.attachments[0]!.content)).join(' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Balance of custom quote: Brand launch');
    expect(text).toContain(recorded[1]!.invoiceNumber);
    const depositPdf = await app.inject({
      url: recorded[0]!.invoiceUrl,
      headers: bearer(customer.token),
    });
    expect(depositPdf.statusCode).toBe(200);
    const depositText = (await pdfTextRuns(depositPdf.rawPayload)).join(' ');
    expect(depositText).toContain('Deposit (30%) on custom quote: Brand launch');
    // The deposit's invoice says what is left to pay, never 'Balance due $0.00'.
    expect(depositText).toContain('Balance to pay later');
    expect(depositText).toContain('770.00');
    expect(text).toContain('Balance due');

    // Paid in full: nothing more to pay or ask.
    expect((await payQuote(quote._id, customer)).statusCode).toBe(409);
    expect((await requestBalance(projectId)).statusCode).toBe(409);
  });

  it('lets anyone of the client company pay the balance, Billing included', async () => {
    const quote = (await makeQuote({ kind: 'percent', value: 50 })).json<Quote>();
    const owner = await createUser(app);
    const deposit = await payQuote(quote._id, owner);
    expect(deposit.statusCode).toBe(200);
    const projectId = deposit.json<{ projectId: string }>().projectId;
    expect((await requestBalance(projectId, coraToken)).statusCode).toBe(202);

    // Someone of another company is told it is paid; the owner's bookkeeper pays it.
    expect((await payQuote(quote._id, await createUser(app))).statusCode).toBe(409);
    const bookkeeper = await createTeammate(app, owner.user, 'billing');
    const balance = await payQuote(quote._id, bookkeeper);
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json<{ projectId: string }>().projectId).toBe(projectId);
    const kinds = (await payments(projectId, bookkeeper.token)).map((p) => p.kind);
    expect(kinds.sort()).toEqual(['balance', 'order']);
    expect((await project(projectId)).money).toMatchObject({ balanceDueCents: 0 });
  });

  it('takes a fixed deposit, and the two parts add up to the quote to the cent', async () => {
    const made = await makeQuote({ kind: 'amount', value: 333.33 }, 999.99);
    expect(made.statusCode).toBe(201);
    const customer = await createUser(app);
    const res = await payQuote(made.json<Quote>()._id, customer);
    expect(res.statusCode).toBe(200);
    const { money } = await project(res.json().projectId);
    // $333.33 + GST = $366.66; the quote $1,099.99; the balance the difference.
    expect(money.depositCents).toBe(36_666);
    expect(money.balanceCents).toBe(109_999 - 36_666);
  });

  it('cannot be changed, removed or sent again once the deposit is paid', async () => {
    const quote = (await makeQuote({ kind: 'percent', value: 50 })).json<Quote>();
    const customer = await createUser(app);
    expect((await payQuote(quote._id, customer)).statusCode).toBe(200);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(adminToken),
      payload: { name: 'Changed', value: 1000 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain('deposit of this quote has been paid');
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/quotes/${quote._id}`,
      headers: bearer(adminToken),
    });
    expect(remove.statusCode).toBe(409);
    const send = await app.inject({
      method: 'POST',
      url: `/api/quotes/${quote._id}/send`,
      headers: bearer(adminToken),
      payload: { email: customer.user.email },
    });
    expect(send.statusCode).toBe(409);
  });

  it('refuses a deposit that is not one, naming the field, and saves nothing', async () => {
    const before = (await app.inject({ url: '/api/quotes', headers: bearer(adminToken) })).json<
      unknown[]
    >().length;
    for (const [deposit, message] of [
      [{ kind: 'percent', value: 0 }, 'Deposit percentage must be a whole number from 1 to 99'],
      [{ kind: 'percent', value: 100 }, 'Deposit percentage must be a whole number from 1 to 99'],
      [{ kind: 'percent', value: 12.5 }, 'Deposit percentage must be a whole number from 1 to 99'],
      [{ kind: 'amount', value: 1000 }, 'Deposit must be less than the price'],
      [{ kind: 'amount', value: -5 }, 'Deposit must be more than zero'],
      [{ kind: 'amount', value: 10.005 }, 'Deposit can have at most 2 decimals'],
      [{ kind: 'amount', value: 0.2 }, 'must each be at least $0.50 inc. GST'],
    ] as const) {
      const res = await makeQuote(deposit);
      expect(res.statusCode, JSON.stringify(deposit)).toBe(400);
      expect(res.body).toContain(message);
      expect(res.body).toContain('deposit');
    }
    const after = (await app.inject({ url: '/api/quotes', headers: bearer(adminToken) })).json<
      unknown[]
    >().length;
    expect(after).toBe(before);
  });

  it('has no balance to ask for on a quote paid at once', async () => {
    const quote = (await makeQuote({ kind: 'none', value: 0 })).json<Quote>();
    const customer = await createUser(app);
    const res = await payQuote(quote._id, customer);
    expect(res.statusCode).toBe(200);
    expect((await project(res.json().projectId)).money).toMatchObject({
      chargedCents: 110_000,
      depositCents: 0,
      balanceDueCents: 0,
    });
    const asked = await requestBalance(res.json().projectId);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().message).toContain('no balance to ask for');
  });
});
