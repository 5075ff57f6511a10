import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const { app } = await createTestApp();

describe('a customer’s own account', () => {
  it('edits name, company and phone, with the Australian phone rule', async () => {
    const { token } = await createUser(app);
    const put = (contactNumber: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: bearer(token),
        payload: {
          profile: { firstName: 'Pat', lastName: 'Lee', companyName: 'Lee & Co', contactNumber },
        },
      });
    const bad = await put('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid Australian phone number');
    const ok = await put('(02) 9876 5432');
    expect(ok.json().profile).toMatchObject({
      firstName: 'Pat',
      companyName: 'Lee & Co',
      contactNumber: '0298765432',
    });
  });

  it('changes the password: the old token stops, the answered one works', async () => {
    const { token, user } = await createUser(app);
    const wrong = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: bearer(token),
      payload: { currentPassword: 'not it at all', newPassword: 'a new long password' },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: bearer(token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a new long password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    const fresh = await app.inject({ url: '/api/auth/user', headers: bearer(res.json().token) });
    expect(fresh.json()._id).toBe(user.id);
  });
});
