import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAttempts, projects, sandboxPaymentIntents } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createQuote,
  createServiceToOrder,
  orderBody,
  pay,
  quoteBody,
  sandboxCard,
} from '../../test/order-factories.ts';

/**
 * A payment waiting on the customer's bank check (3-D Secure) that is never finished: it holds a
 * quote only until its wait ends, its own customer may replace it at once, and the sweep cancels
 * it with the provider so it cannot be completed later.
 */
const { app } = await createTestApp();
const db = app.database.db;
const cora = (await coordinator(app)).user;

const startCheck = async (token: string, body: object) => {
  const res = await pay(app, token, body);
  expect(res.json()).toMatchObject({ success: false, requiresAction: true });
  return res.json<{ clientSecret: string; paymentIntentId: string }>();
};
const approve = (token: string, clientSecret: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/authenticate',
    headers: bearer(token),
    payload: { clientSecret, outcome: 'approve' },
  });
const confirm = (token: string, paymentIntentId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/confirm',
    headers: bearer(token),
    payload: { paymentIntentId },
  });
const intentStatus = async (id: string) =>
  (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]!
    .status;
/** The wait of every attempt still waiting ends now, as if its 15 minutes had passed. */
const endEveryWait = () =>
  db
    .update(paymentAttempts)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(paymentAttempts.state, 'requires_action'));

describe('an abandoned bank check on a quote', () => {
  it('holds the quote from others only until its wait ends; the sweep cancels it with the provider', async () => {
    const quote = await createQuote(app, { name: 'Abandoned by A' });
    const a = await createUser(app);
    const b = await createUser(app);
    const check = await startCheck(
      a.token,
      quoteBody(quote, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') }),
    );
    const waiting = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.providerPaymentId, check.paymentIntentId));
    const wait = waiting[0]!.expiresAt!.getTime() - waiting[0]!.updatedAt.getTime();
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000 + 1000);

    const blocked = await pay(app, b.token, quoteBody(quote, { coordinatorId: cora.id }));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/already in progress/);

    await endEveryWait();
    await app.jobRunner.runDueJobs();
    expect(await intentStatus(check.paymentIntentId)).toBe('failed');
    // Finishing the old check now cannot charge: the provider cancelled it.
    await approve(a.token, check.clientSecret);
    const late = await confirm(a.token, check.paymentIntentId);
    expect(late.statusCode).toBe(402);
    expect(late.json().message).toMatch(/not finished in time/);

    const paid = await pay(app, b.token, quoteBody(quote, { coordinatorId: cora.id }));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().success).toBe(true);
  });

  it('an ended wait frees the quote at once, even before the sweep has run', async () => {
    const quote = await createQuote(app, { name: 'Abandoned, no sweep yet' });
    const a = await createUser(app);
    const b = await createUser(app);
    const check = await startCheck(
      a.token,
      quoteBody(quote, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') }),
    );
    await endEveryWait();
    const paid = await pay(app, b.token, quoteBody(quote, { coordinatorId: cora.id }));
    expect(paid.statusCode).toBe(200);
    expect(await intentStatus(check.paymentIntentId)).toBe('failed');
  });

  it('its own customer replaces it at once, with another card', async () => {
    const quote = await createQuote(app, { name: 'Replaced by A' });
    const a = await createUser(app);
    const check = await startCheck(
      a.token,
      quoteBody(quote, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') }),
    );
    const again = await pay(app, a.token, quoteBody(quote, { coordinatorId: cora.id }));
    expect(again.statusCode).toBe(200);
    expect(again.json().success).toBe(true);
    expect(await intentStatus(check.paymentIntentId)).toBe('failed');
    // The quote is paid once.
    const rows = await db.select().from(projects).where(eq(projects.quoteId, quote.id));
    expect(rows).toHaveLength(1);
  });

  it('a check finished just before the replacement completes the order, and the new payment is refused', async () => {
    const quote = await createQuote(app, { name: 'Finished meanwhile' });
    const a = await createUser(app);
    const check = await startCheck(
      a.token,
      quoteBody(quote, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') }),
    );
    await approve(a.token, check.clientSecret);
    const again = await pay(app, a.token, quoteBody(quote, { coordinatorId: cora.id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This quote has already been paid.');
    const rows = await db.select().from(projects).where(eq(projects.quoteId, quote.id));
    expect(rows).toHaveLength(1);
  });
});

describe('an abandoned bank check on an ordinary order', () => {
  it('paying again for the same service cancels the waiting one, so the order is charged once', async () => {
    const fixture = await createServiceToOrder(app, { title: 'Paid once' });
    const a = await createUser(app);
    const check = await startCheck(
      a.token,
      orderBody(fixture, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') }),
    );
    const again = await pay(app, a.token, orderBody(fixture, { coordinatorId: cora.id }));
    expect(again.json().success).toBe(true);
    await approve(a.token, check.clientSecret);
    expect((await confirm(a.token, check.paymentIntentId)).statusCode).toBe(402);
    const rows = await db.select().from(projects).where(eq(projects.userId, a.user.id));
    expect(rows).toHaveLength(1);
  });

  it('a waiting payment for another service is left alone', async () => {
    const first = await createServiceToOrder(app, { title: 'First service' });
    const second = await createServiceToOrder(app, { title: 'Second service' });
    const a = await createUser(app);
    const check = await startCheck(
      a.token,
      orderBody(first, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') }),
    );
    await pay(app, a.token, orderBody(second, { coordinatorId: cora.id }));
    expect(await intentStatus(check.paymentIntentId)).toBe('requires_action');
    await approve(a.token, check.clientSecret);
    expect((await confirm(a.token, check.paymentIntentId)).json().success).toBe(true);
  });

  it('is cancelled by the sweep when its wait ends', async () => {
    const fixture = await createServiceToOrder(app, { title: 'Swept' });
    const a = await createUser(app);
    const check = await startCheck(
      a.token,
      orderBody(fixture, { coordinatorId: cora.id, paymentMethod: sandboxCard('3ds') }),
    );
    await endEveryWait();
    await app.jobRunner.runDueJobs();
    expect(await intentStatus(check.paymentIntentId)).toBe('failed');
    const [attempt] = await db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.providerPaymentId, check.paymentIntentId));
    expect(attempt).toMatchObject({ state: 'failed', expiresAt: null });
  });
});
