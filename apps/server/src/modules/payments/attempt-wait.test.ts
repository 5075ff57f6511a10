import { describe, expect, it } from 'vitest';
import type { HandlePaymentResponse } from '@noise/shared/payments';
import { createTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { coordinator, createService, orderBody } from '../../test/order-factories.ts';
import { handlePayment, type CheckoutDeps } from './place-order.ts';

const { app } = await createTestApp();
const cora = (await coordinator(app)).user;

/** The checkout's deps with a provider whose charge waits until `release` is called. */
function heldCharge(extra: Partial<CheckoutDeps> = {}) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const real = app.checkoutDeps.provider;
  const deps: CheckoutDeps = {
    ...app.checkoutDeps,
    ...extra,
    provider: {
      ...real,
      createPayment: async (input) => {
        await gate;
        return real.createPayment(input);
      },
    },
  };
  return { deps, release };
}

/** The answer of a paid checkout (a test failure for any other). */
function paid(answer: HandlePaymentResponse) {
  if (!answer.success) throw new Error('the checkout was not paid');
  return answer;
}

describe('a request waiting on the same key', () => {
  it('is woken by the attempt changing, without reading it again and again', async () => {
    const fixture = await createService(app);
    const { user } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    // Re-reads only when told: a wait that ends proves the notification came.
    const { deps, release } = heldCharge({ recheckMs: 60_000 });

    const first = handlePayment(deps, user.id, body, body.idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = handlePayment(deps, user.id, body, body.idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = app.database.queryCount();
    await new Promise((resolve) => setTimeout(resolve, 800));
    // Polling every 25 ms sent about 32 reads here.
    expect(app.database.queryCount() - before).toBe(0);

    release();
    const a = paid(await first);
    const b = paid(await second);
    expect(b.projectId).toBe(a.projectId);
    expect(b.paymentId).toBe(a.paymentId);
  });

  it('reads again on its own when no notification comes', async () => {
    const fixture = await createService(app);
    const { user } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    const silent = {
      watch: async () => ({
        next: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
        stop() {},
      }),
    };
    const { deps, release } = heldCharge({ attemptChanges: silent, recheckMs: 50 });

    const first = handlePayment(deps, user.id, body, body.idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = handlePayment(deps, user.id, body, body.idempotencyKey);
    release();
    const a = paid(await first);
    const b = paid(await second);
    expect(b.projectId).toBe(a.projectId);
  });

  it('answers 409 when the holder does not finish in time', async () => {
    const fixture = await createService(app);
    const { user } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    const { deps, release } = heldCharge({ waitForInFlightMs: 300 });

    const first = handlePayment(deps, user.id, body, body.idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(handlePayment(deps, user.id, body, body.idempotencyKey)).rejects.toMatchObject({
      statusCode: 409,
    });
    release();
    await first;
  });
});
