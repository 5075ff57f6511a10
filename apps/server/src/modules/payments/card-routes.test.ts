import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { sandboxCard } from '../../test/order-factories.ts';

const { app } = await createTestApp();
const staff = await createUser(app, { role: 'admin' });

describe('a customer’s own card', () => {
  it('replaces the card on file and shows its last four digits', async () => {
    const { token } = await createUser(app);
    expect(
      (await app.inject({ url: '/api/users/payment-method', headers: bearer(token) })).json(),
    ).toEqual({ card: null });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/payment-method',
      headers: bearer(token),
      payload: { paymentMethodId: sandboxCard() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().card.last4).toBe('4242');
    expect(
      (await app.inject({ url: '/api/users/payment-method', headers: bearer(token) })).json().card
        .last4,
    ).toBe('4242');
  });
});

describe('staff and a customer’s card (payment-methods, docs/product.md#edit-customer)', () => {
  it('reads and replaces it, logged in the audit trail; clients are refused', async () => {
    const customer = await createUser(app);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/payment-methods/${customer.user.id}`,
      headers: bearer(staff.token),
      payload: { paymentMethodId: sandboxCard() },
    });
    expect(put.statusCode).toBe(200);
    const id = put.json().paymentMethod.id;
    const get = await app.inject({
      url: `/api/payment-methods/${id}`,
      headers: bearer(staff.token),
    });
    expect(get.json().card.last4).toBe('4242');
    const audit = await app.inject({
      url: `/api/users/clients/${customer.user.id}/audit`,
      headers: bearer(staff.token),
    });
    expect(audit.json()[0].action).toBe('card.replaced');
    const asClient = await app.inject({
      url: `/api/payment-methods/${id}`,
      headers: bearer(customer.token),
    });
    expect(asClient.statusCode).toBe(403);
  });
});
