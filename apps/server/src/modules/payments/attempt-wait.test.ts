import { describe, expect, it } from 'vitest';
import type { HandlePaymentResponse } from '@noise/shared/payments';
import { createTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody } from '../../test/order-factories.ts';
import { handlePayment, type CheckoutDeps } from './handle-payment.ts';

const { app } = await createTestApp();
const cora = (await coordinator(app)).user;

/**
 * The checkout's deps with a provider whose charge waits until `release` is called. `charging`
 * settles once the first request is at the provider (its attempt is in flight), and `waiting`
 * once a second request with the key waits on that attempt: tests wait on these, not on time.
 */
function heldCharge(extra: Partial<CheckoutDeps> = {}) {
  let release!: () => void;
  let charged!: () => void;
  let waited!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const charging = new Promise<void>((resolve) => (charged = resolve));
  const waiting = new Promise<void>((resolve) => (waited = resolve));
  const real = app.checkoutDeps.provider;
  const changes = extra.attemptChanges ?? app.checkoutDeps.attemptChanges;
  const deps: CheckoutDeps = {
    ...app.checkoutDeps,
    ...extra,
    attemptChanges: {
      watch: async (attemptId) => {
        const watch = await changes.watch(attemptId);
        return {
          next: (ms: number) => {
            waited();
            return watch.next(ms);
          },
          stop: () => watch.stop(),
        };
      },
    },
    provider: {
      ...real,
      createPayment: async (input) => {
        charged();
        await gate;
        return real.createPayment(input);
      },
    },
  };
  return { deps, release, charging, waiting };
}

/** The answer of a paid checkout (a test failure for any other). */
function paid(answer: HandlePaymentResponse) {
  if (!answer.success) throw new Error('the checkout was not paid');
  return answer;
}

describe('a request waiting on the same key', () => {
  it('is woken by the attempt changing, without reading it again and again', async () => {
    const fixture = await createServiceToOrder(app);
    const { user } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    // Re-reads only when told: a wait that ends proves the notification came.
    const { deps, release, charging, waiting } = heldCharge({ recheckMs: 60_000 });

    const first = handlePayment(deps, user.id, body, body.idempotencyKey);
    await charging;
    const second = handlePayment(deps, user.id, body, body.idempotencyKey);
    await waiting;
    const before = app.database.queryCount();
    // A window in which a polling wait would read; nothing is raced against it.
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
    const fixture = await createServiceToOrder(app);
    const { user } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    const silent = {
      watch: async () => ({
        next: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
        stop() {},
      }),
    };
    const { deps, release, charging } = heldCharge({ attemptChanges: silent, recheckMs: 50 });

    const first = handlePayment(deps, user.id, body, body.idempotencyKey);
    await charging;
    const second = handlePayment(deps, user.id, body, body.idempotencyKey);
    release();
    const a = paid(await first);
    const b = paid(await second);
    expect(b.projectId).toBe(a.projectId);
  });

  it('answers 409 when the holder does not finish in time', async () => {
    const fixture = await createServiceToOrder(app);
    const { user } = await createUser(app);
    const body = orderBody(fixture, { coordinatorId: cora.id });
    const { deps, release, charging } = heldCharge({ waitForInFlightMs: 300 });

    const first = handlePayment(deps, user.id, body, body.idempotencyKey);
    await charging;
    await expect(handlePayment(deps, user.id, body, body.idempotencyKey)).rejects.toMatchObject({
      statusCode: 409,
    });
    release();
    await first;
  });
});
