import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app } = await createTestApp();
const cora = await createUser(app, {
  role: 'co-ordinator',
  firstName: 'Cora',
  lastName: 'Reed',
});
const admin = await createUser(app, { role: 'admin' });
const customer = await createUser(app);

const get = (id: string, token?: string) =>
  app.inject({ url: `/api/users/coordinators/${id}`, headers: token ? bearer(token) : {} });

describe('GET /api/users/coordinators/{id}', () => {
  it('shows a co-ordinator and their profile to anyone signed in', async () => {
    for (const token of [customer.token, admin.token, cora.token]) {
      const res = await get(cora.user.id, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        _id: cora.user.id,
        profile: expect.objectContaining({
          firstName: 'Cora',
          lastName: 'Reed',
          profilePhotoUrl: expect.any(String),
        }),
      });
      // Nothing more of the account than the checkout's list and the photo.
      expect(res.body).not.toContain(cora.user.email);
    }
  });

  it('answers 404 for anyone who is not a co-ordinator, and 401 without a sign-in', async () => {
    expect((await get(admin.user.id, customer.token)).statusCode).toBe(404);
    expect((await get(customer.user.id, customer.token)).statusCode).toBe(404);
    expect((await get('no-such-user', customer.token)).statusCode).toBe(404);
    expect((await get(cora.user.id)).statusCode).toBe(401);
  });
});
