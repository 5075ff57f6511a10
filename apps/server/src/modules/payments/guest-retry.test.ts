import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer } from '../../test/factories.ts';
import {
  coordinator,
  createServiceToOrder,
  orderBody,
  sandboxCard,
} from '../../test/order-factories.ts';

/** A guest who leaves the bank's check and pays again (docs/decisions/013-guest-checkout.md). */
const { app } = await createTestApp();
const cora = await coordinator(app);
const fixture = await createServiceToOrder(app, { title: 'Website Development' });

const checkout = (email: string, paymentMethod = sandboxCard()) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/guest-checkout',
    payload: {
      ...orderBody(fixture, { coordinatorId: cora.user.id, paymentMethod }),
      guest: { firstName: 'Rita', lastName: 'Reload', email, phoneNumber: '0412 345 678' },
    },
  });

describe('a guest checkout tried again', () => {
  it('a guest who leaves the bank check (a reload) and pays again is signed in to their new account, and the waiting payment is cancelled', async () => {
    const email = 'reloaded@example.com';
    const first = await checkout(email, sandboxCard('3ds'));
    expect(first.json()).toMatchObject({ account: 'created', token: null });
    // The page was reloaded: a new attempt, with a new key and another card.
    const again = await checkout(email);
    expect(again.json()).toMatchObject({ account: 'created', payment: { success: true } });
    const projects = await app.inject({
      url: '/api/projects',
      headers: bearer(again.json().token),
    });
    expect(projects.json()).toHaveLength(1);
    // Finishing the abandoned check now charges nothing more.
    await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/authenticate',
      payload: { clientSecret: first.json().payment.clientSecret, outcome: 'approve' },
    });
    const late = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-confirm',
      payload: { paymentIntentId: first.json().payment.paymentIntentId },
    });
    expect(late.statusCode).toBe(402);
    expect(late.json().message).toBe('You started a new payment, so this one was cancelled.');
  });
});
