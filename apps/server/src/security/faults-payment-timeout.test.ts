import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { paymentAttempts, payments, projects } from '../db/schema.ts';
import { createTestApp } from '../test/app.ts';
import { startFakeStripe } from '../test/fake-stripe.ts';
import { createUser } from '../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../test/order-factories.ts';

// Create-payment calls can be swallowed: charged, then never answered (test/fake-stripe.ts).
const fake = await startFakeStripe();
afterAll(() => fake.close());
const stripeSettings = {
  secretKey: 'sk_test_fake',
  publishableKey: 'pk_test_fake',
  webhookSecret: 'whsec_faults',
  apiBase: fake.apiBase,
};
const { app } = await createTestApp({
  payments: { provider: 'stripe', currency: 'USD', stripe: stripeSettings },
});
const db = app.database.db;
const cora = await coordinator(app);
const fixture = await createServiceToOrder(app, { title: 'Video Production' });

async function ordersOf(userId: string) {
  const [made] = await db.select({ n: count() }).from(projects).where(eq(projects.userId, userId));
  const [paid] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.userId, userId));
  return { projects: made!.n, payments: paid!.n, attempts };
}

describe('the payment provider times out mid-checkout', () => {
  it('a charge whose answer was lost is found again by the SDK retry with the same key: one charge, one project', async () => {
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.user.id, paymentMethod: 'pm_card_visa' });
    fake.swallowNext(1, 1_500);
    const started = performance.now();
    // The customer clicks Pay, then again while the first request hangs (same key, as the
    // payment page sends).
    const first = pay(app, token, body);
    await vi.waitFor(() => expect(fake.createCalls(body.idempotencyKey)).toBe(1), {
      interval: 10,
    });
    const second = pay(app, token, body);
    const [a, b] = await Promise.all([first, second]);
    const tookMs = performance.now() - started;

    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().projectId).toBe(a.json().projectId);
    expect(tookMs).toBeGreaterThan(1_500);
    expect(tookMs).toBeLessThan(10_000);

    const state = await ordersOf(user.id);
    expect(state).toMatchObject({ projects: 1, payments: 1 });
    expect(state.attempts.map((x) => x.state)).toEqual(['succeeded']);
    // Two calls reached the provider with the key (the lost one and the SDK's retry); it
    // charged once.
    expect(fake.createCalls(body.idempotencyKey)).toBe(2);
    expect(fake.intentsOf(state.attempts[0]!.id)).toHaveLength(1);
  });

  it('when every try times out the customer is told nothing was charged twice; paying again with the same key settles the one charge', async () => {
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.user.id, paymentMethod: 'pm_card_visa' });
    fake.swallowNext(3, 500);
    const failed = await pay(app, token, body);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      error: 'payment_provider_unavailable',
      message: expect.stringMatching(/not been charged twice.*try again/),
    });
    // The provider did charge (the first call got through), but nothing is recorded yet:
    // no project, and the attempt waits to be retried with its key.
    let state = await ordersOf(user.id);
    expect(state).toMatchObject({ projects: 0, payments: 0 });
    expect(state.attempts.map((x) => x.state)).toEqual(['error']);
    expect(fake.createCalls(body.idempotencyKey)).toBe(3);
    expect(fake.intentsOf(state.attempts[0]!.id)).toHaveLength(1);

    const again = await pay(app, token, body);
    expect(again.statusCode, again.body).toBe(200);
    state = await ordersOf(user.id);
    expect(state).toMatchObject({ projects: 1, payments: 1 });
    expect(state.attempts.map((x) => x.state)).toEqual(['succeeded']);
    expect(fake.createCalls(body.idempotencyKey)).toBe(4);
    const charges = fake.intentsOf(state.attempts[0]!.id);
    expect(charges).toHaveLength(1);
    expect(state.attempts[0]!.providerPaymentId).toBe(charges[0]!.id);

    // A second retry, later, changes nothing.
    const late = await pay(app, token, body);
    expect(late.json().projectId).toBe(again.json().projectId);
    expect(await ordersOf(user.id)).toMatchObject({ projects: 1, payments: 1 });
    expect(fake.intentsOf(state.attempts[0]!.id)).toHaveLength(1);
  });

  it("a customer who never retries is settled by the provider's webhook: the charge is not left without its project", async () => {
    const { user, token } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.user.id, paymentMethod: 'pm_card_visa' });
    fake.swallowNext(3, 300);
    expect((await pay(app, token, body)).statusCode).toBe(502);
    const [attempt] = (await ordersOf(user.id)).attempts;
    const [intent] = fake.intentsOf(attempt!.id);
    expect(intent).toBeDefined();

    const payload = JSON.stringify({
      id: `evt_timeout_${attempt!.id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const signature = new Stripe('sk_test_fake').webhooks.generateTestHeaderString({
      payload,
      secret: stripeSettings.webhookSecret,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const state = await ordersOf(user.id);
    expect(state).toMatchObject({ projects: 1, payments: 1 });
    expect(state.attempts.map((x) => x.state)).toEqual(['succeeded']);

    // The customer comes back after all: the same order, no new charge.
    const again = await pay(app, token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().projectId).toBe(state.attempts[0]!.projectId);
    expect(fake.intentsOf(attempt!.id)).toHaveLength(1);
  });
});
