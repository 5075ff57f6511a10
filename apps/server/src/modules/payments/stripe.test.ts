import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentAttempts, projects } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { createStripeProvider } from './providers/stripe.ts';

const fake = await startFakeStripe();
afterAll(() => fake.close());
const stripeSettings = {
  secretKey: 'sk_test_fake',
  publishableKey: 'pk_test_fake',
  webhookSecret: 'whsec_test_secret',
  apiBase: fake.apiBase,
};

const { app } = await createTestApp({
  payments: { provider: 'stripe', currency: 'USD', stripe: stripeSettings },
});
const db = app.database.db;
const { user: cora } = await coordinator(app);
const stripe = new Stripe('sk_test_fake');

function signedEvent(event: object, secret = stripeSettings.webhookSecret) {
  const payload = JSON.stringify(event);
  return {
    payload,
    signature: stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}
const postWebhook = (payload: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

describe('Stripe adapter against a fake Stripe', () => {
  it('creates a customer and a confirmed payment intent with the idempotency key', async () => {
    const provider = createStripeProvider(stripeSettings);
    const customerId = await provider.ensureCustomer({
      existingId: null,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      userId: 'user1',
    });
    expect(customerId).toMatch(/^cus_fake_/);
    const customerCall = fake.requests.findLast((r) => r.path === '/v1/customers')!;
    expect(customerCall.idempotencyKey).toBe('customer:user1:new');
    expect(customerCall.form.get('email')).toBe('ada@example.com');

    const payment = await provider.createPayment({
      customerId,
      paymentMethodId: 'pm_card_visa',
      amountCents: 12_345,
      currency: 'USD',
      idempotencyKey: 'chk_adapter_key_1',
      description: 'Order',
      metadata: { kind: 'checkout', attemptId: 'a1' },
      offSession: false,
    });
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 12_345, customerId });
    const call = fake.requests.findLast((r) => r.path === '/v1/payment_intents')!;
    expect(call.idempotencyKey).toBe('chk_adapter_key_1');
    expect(Object.fromEntries(call.form)).toMatchObject({
      amount: '12345',
      currency: 'usd',
      customer: customerId,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      setup_future_usage: 'off_session',
      'metadata[attemptId]': 'a1',
    });

    // The same key gives the same intent: one charge.
    const again = await provider.createPayment({
      customerId,
      paymentMethodId: 'pm_card_visa',
      amountCents: 12_345,
      currency: 'USD',
      idempotencyKey: 'chk_adapter_key_1',
      description: 'Order',
      metadata: { kind: 'checkout', attemptId: 'a1' },
      offSession: false,
    });
    expect(again.id).toBe(payment.id);
  });

  it('turns a card error into a failed payment with the reason', async () => {
    const provider = createStripeProvider(stripeSettings);
    const payment = await provider.createPayment({
      customerId: 'cus_x',
      paymentMethodId: 'pm_card_chargeDeclined',
      amountCents: 500,
      currency: 'USD',
      idempotencyKey: 'chk_adapter_key_2',
      description: 'Order',
      metadata: {},
      offSession: false,
    });
    expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
  });

  it('cancels a payment waiting on 3-D Secure, and answers one that succeeded meanwhile as paid', async () => {
    const provider = createStripeProvider(stripeSettings);
    const waiting = await provider.createPayment({
      customerId: 'cus_x',
      paymentMethodId: 'pm_card_threeDSecure2Required',
      amountCents: 700,
      currency: 'AUD',
      idempotencyKey: 'chk_adapter_key_cancel',
      description: 'Order',
      metadata: {},
      offSession: false,
    });
    expect(waiting.status).toBe('requires_action');
    expect(await provider.cancelPayment(waiting.id)).toMatchObject({
      id: waiting.id,
      status: 'failed',
    });
    const paid = await provider.createPayment({
      customerId: 'cus_x',
      paymentMethodId: 'pm_card_visa',
      amountCents: 700,
      currency: 'AUD',
      idempotencyKey: 'chk_adapter_key_cancel_paid',
      description: 'Order',
      metadata: {},
      offSession: false,
    });
    expect(await provider.cancelPayment(paid.id)).toMatchObject({ status: 'succeeded' });
  });
});

describe('checkout on Stripe', () => {
  it('publishes the publishable key', async () => {
    const res = await app.inject({ url: '/api/payments/config' });
    expect(res.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      currency: 'USD',
    });
  });

  it('pays, saves the Stripe customer and answers its id', async () => {
    const fixture = await createServiceToOrder(app);
    const { token } = await createUser(app);
    const res = await pay(
      app,
      token,
      orderBody(fixture, { coordinatorId: cora.id, paymentMethod: 'pm_card_visa' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      paymentCustomerId: expect.stringMatching(/^cus_fake_/),
    });
  });

  it('refunds through Stripe with the refund’s key, and shows Stripe’s refusal of more than is left', async () => {
    const fixture = await createServiceToOrder(app);
    const { token } = await createUser(app);
    const { token: admin } = await createUser(app, { role: 'admin' });
    const paid = await pay(
      app,
      token,
      orderBody(fixture, { coordinatorId: cora.id, paymentMethod: 'pm_card_visa' }),
    );
    const { projectId, paymentId } = paid.json<{ projectId: string; paymentId: string }>();
    const refund = (amount: string, idempotencyKey: string) =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/payments/${paymentId}/refunds`,
        headers: bearer(admin),
        payload: { amount, reason: 'duplicate', idempotencyKey },
      });
    const key = 'refund_key_stripe_1';
    const first = await refund('10.00', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'succeeded', amountCents: 1_000 });
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toMatchObject([
      { idempotencyKey: `refund:${key}` },
    ]);
    expect((await refund('10.00', key)).json()._id).toBe(first.json()._id);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);

    // The rest refunded in Stripe's own dashboard: Stripe refuses the next one, and says why.
    const intent = fake.requests.find((r) => r.path === '/v1/refunds')!.form.get('payment_intent')!;
    const elsewhere = await fetch(`${fake.apiBase}/v1/refunds`, {
      method: 'POST',
      body: new URLSearchParams({ payment_intent: intent }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(elsewhere.status).toBe(200);
    const refused = await refund('10.00', 'refund_key_stripe_2');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toMatch(
      /^The payment provider refused the refund: Refund amount \(\$10\.00\) is greater than unrefunded amount/,
    );
  });

  it('answers a decline with 402', async () => {
    const fixture = await createServiceToOrder(app);
    const { token } = await createUser(app);
    const res = await pay(
      app,
      token,
      orderBody(fixture, { coordinatorId: cora.id, paymentMethod: 'pm_card_chargeDeclined' }),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('answers 404 for a provider other than the one in use', async () => {
    const event = signedEvent({
      id: 'evt_elsewhere',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    for (const provider of ['paypal', 'sandbox', 'Stripe', 'stripe%2F..']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/payments/${provider}/webhook`,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      expect(res.statusCode, provider).toBe(404);
    }
    // Nothing was handled: the same event to Stripe's own address is new.
    expect((await postWebhook(event.payload, event.signature)).json()).toEqual({
      received: true,
    });
  });

  it('refuses a wrong signature with 400', async () => {
    const { payload } = signedEvent({
      id: 'evt_bad',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const forged = signedEvent({ id: 'evt_bad' }, 'whsec_other').signature;
    expect((await postWebhook(payload, forged)).statusCode).toBe(400);
    expect((await postWebhook(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('completes an order whose browser never came back after 3-D Secure, once, whatever the replays and order', async () => {
    const fixture = await createServiceToOrder(app);
    const { user, token } = await createUser(app);
    const first = await pay(
      app,
      token,
      orderBody(fixture, {
        coordinatorId: cora.id,
        paymentMethod: 'pm_card_threeDSecure2Required',
      }),
    );
    expect(first.json()).toMatchObject({
      requiresAction: true,
      clientSecret: expect.stringContaining('_secret_'),
    });
    const intentId = first.json().paymentIntentId as string;

    // The customer authenticates with the bank, then closes the tab.
    const intent = fake.intents.get(intentId)!;
    intent.status = 'succeeded';
    const event = signedEvent({
      id: 'evt_succeeded_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const res = await postWebhook(event.payload, event.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    const made = async () =>
      (await db.select({ n: count() }).from(projects).where(eq(projects.userId, user.id)))[0]!.n;
    expect(await made()).toBe(1);

    // Replays and a late failure event change nothing.
    const replay = await postWebhook(event.payload, event.signature);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const late = signedEvent({
      id: 'evt_failed_late',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { ...intent, status: 'requires_payment_method' } },
    });
    expect((await postWebhook(late.payload, late.signature)).statusCode).toBe(200);
    expect(await made()).toBe(1);
    const [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.userId, user.id));
    expect(attempt!.state).toBe('succeeded');

    // The browser coming back late gets the same project.
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(token),
      payload: { paymentIntentId: intentId },
    });
    expect(confirm.json()).toMatchObject({ success: true, projectId: attempt!.projectId });
  });

  it('records a refund made in Stripe’s dashboard once, whatever the events and replays, and settles ours', async () => {
    const fixture = await createServiceToOrder(app);
    const { token } = await createUser(app);
    const { token: admin } = await createUser(app, { role: 'admin' });
    const paid = await pay(
      app,
      token,
      orderBody(fixture, { coordinatorId: cora.id, paymentMethod: 'pm_card_visa' }),
    );
    const { projectId } = paid.json<{ projectId: string }>();
    const intentId = [...fake.intents.values()].at(-1)!.id as string;
    const money = async () =>
      (await app.inject({ url: `/api/projects/${projectId}`, headers: bearer(admin) })).json<{
        money: { refundedCents: number; keptCents: number; chargedCents: number };
      }>().money;
    const charged = (await money()).chargedCents;

    const refund = {
      id: 're_dashboard_1',
      object: 'refund',
      amount: 2_500,
      payment_intent: intentId,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: {},
    };
    const created = signedEvent({
      id: 'evt_refund_created',
      object: 'event',
      type: 'refund.created',
      data: { object: refund },
    });
    const charge = signedEvent({
      id: 'evt_charge_refunded',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          payment_intent: intentId,
          refunds: { object: 'list', data: [refund] },
        },
      },
    });
    for (const event of [created, created, charge]) {
      expect((await postWebhook(event.payload, event.signature)).statusCode).toBe(200);
    }
    expect(await money()).toMatchObject({ refundedCents: 2_500, keptCents: charged - 2_500 });
    const [payment] = (
      await app.inject({ url: `/api/projects/${projectId}/payments`, headers: bearer(admin) })
    ).json<{ refunds: { reason: string; note: string; createdByName: string }[] }[]>();
    expect(payment!.refunds).toMatchObject([
      {
        reason: 'requested_by_customer',
        note: 'Refunded in the payment provider’s dashboard',
        createdByName: '',
      },
    ]);
  });
});
