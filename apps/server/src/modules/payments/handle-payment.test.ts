import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  newIdempotencyKey,
  orderPaymentRequest,
  quotePaymentRequest,
} from '@noise/shared/payments';
import { priceOrder, withGst } from '@noise/shared/pricing';
import {
  customQuotes,
  paymentAttempts,
  payments,
  projectExtras,
  projects,
  sandboxPaymentIntents,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
  sandboxCard,
} from '../../test/order-factories.ts';

const { app, config } = await createTestApp();
const db = app.database.db;
const { user: cora } = await coordinator(app);

async function counts(userId: string) {
  const n = async (table: typeof payments | typeof projects | typeof paymentAttempts) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  return {
    payments: await n(payments),
    projects: await n(projects),
    attempts: await n(paymentAttempts),
  };
}

describe('GET /api/payments/config', () => {
  it('tells the card form which provider and currency to use', async () => {
    const res = await app.inject({ url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', publishableKey: null, currency: 'AUD' });
  });
});

describe('POST /api/payments/:provider/webhook on the sandbox', () => {
  it('answers 404 for every provider: the sandbox sends no webhooks and Stripe is not in use', async () => {
    for (const provider of ['sandbox', 'stripe', 'paypal']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/payments/${provider}/webhook`,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(res.statusCode, provider).toBe(404);
    }
  });
});

describe('POST /api/payments/handle-payment', () => {
  it('charges the database price, creates the project with the order copied, and fills an empty profile', async () => {
    const fixture = await createServiceToOrder(app, {
      packages: [{ title: 'Starter', baseCostCents: 50_000, features: ['Plan', 'Posts'] }],
      extras: [
        { title: 'Rush', priceCents: 9_950 },
        { title: 'Photos', priceCents: 12_345 },
      ],
    });
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id, extras: [0, 1] });
    const res = await pay(app, token, body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ success: true, projectId: expect.any(String) });
    expect(answer.paymentCustomerId).toMatch(/^cus_sandbox_/);

    const expected = priceOrder(
      { type: 'one-time', baseCostCents: 50_000, recurringCostCents: 0 },
      [9_950, 12_345],
    );
    const [project] = await db.select().from(projects).where(eq(projects.id, answer.projectId));
    expect(project).toMatchObject({
      type: 'Project',
      userId: user.id,
      serviceId: fixture.service.id,
      coordinatorId: cora.id,
      status: 'active',
      serviceTitle: fixture.service.title,
      serviceFeaturePhotoUrl: '/uploads/social.webp',
      packageTitle: 'Starter',
      packageType: 'one-time',
      packageFeatures: ['Plan', 'Posts'],
      totalPriceCents: expected.displayTotalCents,
      oneTimeTotalWithGstCents: expected.oneTimeTotalWithGstCents,
      recurringTotalWithGstCents: 0,
      currency: 'AUD',
      contactFirstName: 'Test',
      contactCompanyName: 'Acme Pty Ltd',
      contactNumber: '0412345678',
      contactEmail: user.email,
    });
    const extras = await db
      .select()
      .from(projectExtras)
      .where(eq(projectExtras.projectId, answer.projectId));
    expect(extras.map((e) => [e.title, e.priceCents])).toEqual([
      ['Rush', 9_950],
      ['Photos', 12_345],
    ]);
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.projectId, answer.projectId));
    expect(payment).toMatchObject({
      provider: 'sandbox',
      amountCents: expected.grandTotalCents,
      gstCents: expected.gstCents,
      currency: 'AUD',
      status: 'succeeded',
      transactionId: expect.stringMatching(/^pi_sandbox_/),
    });
    const [profile] = await db.select().from(users).where(eq(users.id, user.id));
    expect(profile).toMatchObject({
      companyName: 'Acme Pty Ltd',
      contactNumber: '0412345678',
      paymentCustomerId: answer.paymentCustomerId,
      defaultPaymentMethodId: body.payment_method,
    });
  });

  it('numbers orders one after another, and the receipt and the staff mail name the number', async () => {
    const fixture = await createServiceToOrder(app, { title: 'Numbered Service' });
    const first = await createUser(app);
    const second = await createUser(app);
    const orderNumberOf = async (res: Awaited<ReturnType<typeof pay>>) => {
      const id = res.json<{ projectId: string }>().projectId;
      const [row] = await db.select().from(projects).where(eq(projects.id, id));
      return row!.orderNumber;
    };
    const a = await orderNumberOf(
      await pay(app, first.token, orderBody(fixture, { coordinatorId: cora.id })),
    );
    const b = await orderNumberOf(
      await pay(app, second.token, orderBody(fixture, { coordinatorId: cora.id })),
    );
    expect(b).toBe(a + 1);

    const receipt = await outboxMail(app, config.dataDir, second.user.email, 'Thank you');
    expect(receipt.subject).toBe(`Your ${config.companyName} order: Numbered Service (Order ${b})`);
    expect(receipt.text).toContain(`This is Order ${b}:`);
    await app.afterAnswer.drain();
    const staffMail = await outboxMail(app, config.dataDir, cora.email, `(Order ${b})`);
    expect(staffMail.subject).toBe(`New order: Numbered Service (Order ${b})`);
    expect(staffMail.text).toMatch(
      new RegExp(`^Order ${b}: Test \\S+ paid \\$[\\d,.]+ inc\\. GST`),
    );
  });

  it('keeps a company name and contact number the profile already had', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    await db
      .update(users)
      .set({ companyName: 'Original Co', contactNumber: '0298765432' })
      .where(eq(users.id, user.id));
    const res = await pay(
      app,
      token,
      orderBody(fixture, {
        coordinatorId: cora.id,
        companyName: 'Other',
        contactNumber: '0411111111',
      }),
    );
    expect(res.statusCode).toBe(200);
    const [project] = await db.select().from(projects).where(eq(projects.id, res.json().projectId));
    expect(project).toMatchObject({
      contactCompanyName: 'Original Co',
      contactNumber: '0298765432',
    });
    const [profile] = await db.select().from(users).where(eq(users.id, user.id));
    expect(profile).toMatchObject({ companyName: 'Original Co', contactNumber: '0298765432' });
  });

  it('fills a profile field that holds only spaces, and leaves the other one', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    await db
      .update(users)
      .set({ companyName: ' \t ', contactNumber: '0298765432' })
      .where(eq(users.id, user.id));
    const body = orderBody(fixture, {
      coordinatorId: cora.id,
      companyName: 'Spaces Pty Ltd',
      contactNumber: '0411111111',
    });
    expect((await pay(app, token, body)).statusCode).toBe(200);
    const [profile] = await db.select().from(users).where(eq(users.id, user.id));
    expect(profile).toMatchObject({ companyName: 'Spaces Pty Ltd', contactNumber: '0298765432' });
  });

  it('refuses a tampered amount with 400 and charges and records nothing', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id, extras: [0] });
    const intentsBefore = (await db.select({ n: count() }).from(sandboxPaymentIntents))[0]!.n;
    const res = await pay(app, token, { ...body, amount: body.amount - 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/does not match the order total/);
    expect(res.json().message).toMatch(/not been charged/);
    expect(await counts(user.id)).toEqual({ payments: 0, projects: 0, attempts: 0 });
    const intentsAfter = (await db.select({ n: count() }).from(sandboxPaymentIntents))[0]!.n;
    expect(intentsAfter).toBe(intentsBefore);
  });

  it('charges the one-time part plus the first period of a recurring package, and starts a subscription', async () => {
    const fixture = await createServiceToOrder(app, {
      packages: [
        { title: 'Monthly', type: 'monthly', baseCostCents: 100_000, recurringCostCents: 45_000 },
      ],
    });
    const { token } = await createUser(app);
    const res = await pay(app, token, orderBody(fixture, { coordinatorId: cora.id, extras: [0] }));
    expect(res.statusCode).toBe(200);
    const projectId = res.json().projectId;
    const [payment] = await db.select().from(payments).where(eq(payments.projectId, projectId));
    expect(payment!.amountCents).toBe(withGst(100_000 + 9_950) + withGst(45_000));
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.projectId, projectId));
    expect(subscription).toMatchObject({
      status: 'active',
      interval: 'monthly',
      amountCents: withGst(45_000),
      gstCents: withGst(45_000) - 45_000,
    });
    const days = (subscription!.nextChargeAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it('charges once for 20 parallel submissions with one idempotency key', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? pay(app, token, body)
          : app.inject({
              method: 'POST',
              url: '/api/payments/handle-payment',
              headers: { ...bearer(token), 'idempotency-key': body.idempotencyKey },
              payload: { ...body, idempotencyKey: undefined },
            }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const projectIds = new Set(responses.map((r) => r.json().projectId));
    expect(projectIds.size).toBe(1);
    expect(await counts(user.id)).toEqual({ payments: 1, projects: 1, attempts: 1 });
    const intents = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, body.idempotencyKey));
    expect(intents).toHaveLength(1);

    // A reload after success answers the same success.
    const again = await pay(app, token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().projectId).toBe([...projectIds][0]);
  });

  it('refuses a key reused for another order or by another user', async () => {
    const fixture = await createServiceToOrder(app);
    const { token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    expect((await pay(app, token, body)).statusCode).toBe(200);
    const other = await pay(app, token, {
      ...orderBody(fixture, { coordinatorId: cora.id, extras: [0] }),
      idempotencyKey: body.idempotencyKey,
    });
    expect(other.statusCode).toBe(409);
    const { token: stranger } = await createUser(app);
    const stolen = await pay(app, stranger, body);
    expect(stolen.statusCode).toBe(409);
  });

  it('requires an idempotency key', async () => {
    const fixture = await createServiceToOrder(app);
    const { token } = await createUser(app);
    const res = await pay(app, token, {
      ...orderBody(fixture, { coordinatorId: cora.id }),
      idempotencyKey: undefined,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/idempotency key is required/);
  });

  it('answers a declined card with 402 and the reason, and makes no project', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, {
      coordinatorId: cora.id,
      paymentMethod: sandboxCard('declined'),
    });
    const res = await pay(app, token, body);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    const c = await counts(user.id);
    expect(c).toMatchObject({ payments: 0, projects: 0 });
    const [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.userId, user.id));
    expect(attempt!.state).toBe('failed');
    // A retry of the same submission gives the same answer; a new card needs a new key.
    expect((await pay(app, token, body)).statusCode).toBe(402);
    const retry = await pay(app, token, orderBody(fixture, { coordinatorId: cora.id }));
    expect(retry.statusCode).toBe(200);
  });

  it('asks for 3-D Secure, then completes once when confirmed', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') });
    const first = await pay(app, token, body);
    expect(first.statusCode).toBe(200);
    const action = first.json();
    expect(action).toMatchObject({
      success: false,
      requiresAction: true,
      clientSecret: expect.stringContaining('_secret_'),
      paymentIntentId: expect.stringMatching(/^pi_sandbox_/),
    });
    expect(await counts(user.id)).toMatchObject({ projects: 0, payments: 0 });

    // Not confirmed yet.
    const early = await app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(token),
      payload: { paymentIntentId: action.paymentIntentId },
    });
    expect(early.statusCode).toBe(409);

    // Someone else cannot confirm or authenticate it.
    const { token: stranger } = await createUser(app);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      headers: bearer(stranger),
      payload: { clientSecret: action.clientSecret, outcome: 'approve' },
    });
    expect(foreign.statusCode).toBe(404);

    const auth = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      headers: bearer(token),
      payload: { clientSecret: action.clientSecret, outcome: 'approve' },
    });
    expect(auth.json()).toEqual({ paymentIntentId: action.paymentIntentId, status: 'succeeded' });

    const confirms = await Promise.all(
      [1, 2, 3].map(() =>
        app.inject({
          method: 'POST',
          url: '/api/payments/confirm',
          headers: bearer(token),
          payload: { paymentIntentId: action.paymentIntentId },
        }),
      ),
    );
    expect(confirms.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(confirms.map((r) => r.json().projectId)).size).toBe(1);
    // A reload of the original submission now answers the success too.
    const reload = await pay(app, token, body);
    expect(reload.json()).toMatchObject({
      success: true,
      projectId: confirms[0]!.json().projectId,
    });
    expect(await counts(user.id)).toEqual({ payments: 1, projects: 1, attempts: 1 });

    const strangerConfirm = await app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(stranger),
      payload: { paymentIntentId: action.paymentIntentId },
    });
    expect(strangerConfirm.statusCode).toBe(404);
  });

  it('refuses a missing or non-coordinator coordinator before charging', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    const { user: otherClient } = await createUser(app);
    const res = await pay(app, token, orderBody(fixture, { coordinatorId: otherClient.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose one of our coordinators');
    const empty = await pay(app, token, orderBody(fixture, { coordinatorId: '' }));
    expect(empty.statusCode).toBe(400);
    expect(await counts(user.id)).toEqual({ payments: 0, projects: 0, attempts: 0 });
  });

  it('refuses extras of another service and unknown packages', async () => {
    const fixture = await createServiceToOrder(app);
    const other = await createServiceToOrder(app);
    const { token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    const foreignExtra = await pay(app, token, {
      ...body,
      projectDetails: { ...body.projectDetails, extras: [{ _id: other.extras[0]!.id }] },
    });
    expect(foreignExtra.statusCode).toBe(400);
    const noPackage = await pay(app, token, {
      ...body,
      idempotencyKey: newIdempotencyKey(),
      projectDetails: { ...body.projectDetails, packageTitle: 'Nope', package: { title: 'Nope' } },
    });
    expect(noPackage.statusCode).toBe(400);
  });

  it('needs a signed-in customer', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/handle-payment',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the shared request builders the payment pages use', () => {
  it('build bodies the server accepts, from dollar prices', async () => {
    const fixture = await createServiceToOrder(app, {
      packages: [
        { title: 'Weekly', type: 'weekly', baseCostCents: 10_005, recurringCostCents: 3_333 },
      ],
      extras: [{ title: 'A', priceCents: 1_999 }],
    });
    const { user, token } = await createUser(app);
    const pkg = fixture.packages[0]!;
    const body = orderPaymentRequest({
      service: { _id: fixture.service.id, title: fixture.service.title },
      package: { title: pkg.title, type: pkg.type, baseCost: 100.05, recurringCost: 33.33 },
      extras: [{ _id: fixture.extras[0]!.id, title: 'A', price: 19.99 }],
      coordinatorId: cora.id,
      customer: { name: 'Test Client', email: user.email },
      companyName: 'Acme',
      contactNumber: '0412345678',
      paymentMethodId: sandboxCard(),
      idempotencyKey: newIdempotencyKey(),
    });
    expect((await pay(app, token, body)).statusCode).toBe(200);

    const quote = await createQuote(app, { valueCents: 99_999 });
    const quoteRequest = quotePaymentRequest({
      quote: {
        _id: quote.id,
        name: quote.name,
        value: 999.99,
        depositPercent: null,
        depositAmount: null,
        depositPaid: false,
      },
      userId: user.id,
      coordinatorId: cora.id,
      customer: { name: 'Test Client', email: user.email },
      companyName: 'Acme',
      contactNumber: '0412345678',
      paymentMethodId: sandboxCard(),
      idempotencyKey: newIdempotencyKey(),
    });
    expect((await pay(app, token, quoteRequest)).statusCode).toBe(200);
  });
});

describe('custom quotes', () => {
  it('GET /api/quotes/:id shows the quote to anyone with the link, and 404 for unknown ids', async () => {
    const quote = await createQuote(app, { valueCents: 123_456 });
    const res = await app.inject({ url: `/api/quotes/${quote.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: quote.id,
      name: 'Launch campaign',
      summary: 'A launch campaign for the new store',
      deliverables: 'Strategy, Four videos, Launch event',
      extras: 'Photographer, Catering',
      value: 1234.56,
      deliveryDays: 10,
      paid: false,
      depositPercent: null,
      depositAmount: null,
      depositPaid: false,
      balanceRequested: false,
      balanceDueDate: null,
      projectId: null,
      terms: '',
      version: 1,
      validUntil: null,
      sentAt: null,
      preparedFor: '',
      preparedBy: '',
      expired: false,
      accepted: null,
      declinedAt: null,
    });
    expect((await app.inject({ url: '/api/quotes/nope' })).statusCode).toBe(404);
  });

  it('is paid once: a custom sale project, then a second payment is refused before charging', async () => {
    const quote = await createQuote(app, { valueCents: 250_000 });
    const { user, token } = await createUser(app);
    const res = await pay(app, token, quoteBody(quote, { coordinatorId: cora.id }));
    expect(res.statusCode).toBe(200);
    const [project] = await db.select().from(projects).where(eq(projects.id, res.json().projectId));
    expect(project).toMatchObject({
      type: 'CustomQuote',
      quoteId: quote.id,
      serviceTitle: 'Launch campaign',
      packageFeatures: ['Strategy', 'Four videos', 'Launch event'],
      oneTimeTotalWithGstCents: 275_000,
    });
    const [payment] = await db.select().from(payments).where(eq(payments.projectId, project!.id));
    expect(payment).toMatchObject({ amountCents: 275_000, gstCents: 25_000 });
    const [row] = await db.select().from(customQuotes).where(eq(customQuotes.id, quote.id));
    expect(row!.paidAt).not.toBeNull();
    expect((await app.inject({ url: `/api/quotes/${quote.id}` })).json().paid).toBe(true);

    const intentsBefore = (await db.select({ n: count() }).from(sandboxPaymentIntents))[0]!.n;
    const { token: someoneElse } = await createUser(app);
    const second = await pay(app, someoneElse, quoteBody(quote, { coordinatorId: cora.id }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This quote has already been paid.');
    const intentsAfter = (await db.select({ n: count() }).from(sandboxPaymentIntents))[0]!.n;
    expect(intentsAfter).toBe(intentsBefore);
    expect(await counts(user.id)).toMatchObject({ projects: 1, payments: 1 });
  });

  it('refuses a quote amount that is not value + GST', async () => {
    const quote = await createQuote(app, { valueCents: 100_000 });
    const { token } = await createUser(app);
    const res = await pay(
      app,
      token,
      quoteBody(quote, { coordinatorId: cora.id, amount: 100_000 }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('lets only one of two parallel payments of one quote with different keys through', async () => {
    const quote = await createQuote(app);
    const { token: a } = await createUser(app);
    const { token: b } = await createUser(app);
    const [ra, rb] = await Promise.all([
      pay(app, a, quoteBody(quote, { coordinatorId: cora.id })),
      pay(app, b, quoteBody(quote, { coordinatorId: cora.id })),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const made = await db.select().from(projects).where(eq(projects.quoteId, quote.id));
    expect(made).toHaveLength(1);
  });
});

describe('POST /api/users/update-payment-info and GET /api/users/coordinators', () => {
  it('saves the caller own customer and card, and refuses another user id or a foreign card', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    const paid = (await pay(app, token, orderBody(fixture, { coordinatorId: cora.id }))).json();
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const update = (t: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/users/update-payment-info',
        headers: bearer(t),
        payload,
      });

    const ok = await update(token, {
      userId: user.id,
      paymentCustomerId: paid.paymentCustomerId,
      defaultPaymentMethodId: row!.defaultPaymentMethodId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true });

    const { user: other, token: otherToken } = await createUser(app);
    const foreign = await update(otherToken, {
      userId: user.id,
      paymentCustomerId: paid.paymentCustomerId,
      defaultPaymentMethodId: row!.defaultPaymentMethodId,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignCustomer = await update(otherToken, {
      userId: other.id,
      paymentCustomerId: paid.paymentCustomerId,
      defaultPaymentMethodId: row!.defaultPaymentMethodId,
    });
    expect(foreignCustomer.statusCode).toBe(400);
    const unattached = await update(token, {
      userId: user.id,
      paymentCustomerId: paid.paymentCustomerId,
      defaultPaymentMethodId: sandboxCard(),
    });
    expect(unattached.statusCode).toBe(400);
    expect(unattached.json().message).toBe('This payment method does not belong to your account');
  });

  it('lists co-ordinators only', async () => {
    const { token } = await createUser(app);
    const res = await app.inject({ url: '/api/users/coordinators', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; profile: { firstName: string } }[];
    expect(list).toContainEqual({
      _id: cora.id,
      profile: { firstName: 'Cora', lastName: 'Ordinator', displayName: '' },
    });
    const roles = await db.select({ id: users.id, role: users.role }).from(users);
    for (const c of list) expect(roles.find((r) => r.id === c._id)!.role).toBe('co-ordinator');
  });
});
