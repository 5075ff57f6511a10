import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const { app } = await createTestApp();

const signup = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', payload });

const validSignup = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  phoneNumber: '0412 345 678',
  password: 'a good long password',
});

describe('POST /api/auth/signup', () => {
  it('creates a client, stores the phone as digits and answers a working token', async () => {
    const res = await signup(validSignup('Ada@Example.com'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'ada@example.com',
      role: 'client',
      isOAuth: false,
      profile: { firstName: 'Ada', lastName: 'Lovelace', contactNumber: '0412345678' },
    });
    const verify = await app.inject({ url: '/api/auth/verify-token', headers: bearer(body.token) });
    expect(verify.json()).toEqual({ isAuthenticated: true, userRole: 'client' });
  });

  it('answers that carry a token or personal data may not be kept by any cache', async () => {
    const created = await signup(validSignup('nocache@example.com'));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nocache@example.com', password: 'a good long password' },
    });
    const staff = await createUser(app, { role: 'admin' });
    const adminLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: staff.user.email, password: TEST_PASSWORD },
    });
    const profile = await app.inject({
      url: '/api/users/profile',
      headers: bearer(login.json().token),
    });
    for (const res of [created, login, adminLogin, profile]) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it.each(['12345', '0512345678', '041234567', '+61 412 345 678', 'abc'])(
    'refuses the phone number %s with the Australian message',
    async (phoneNumber) => {
      const res = await signup({
        ...validSignup(`p${phoneNumber.length}@example.com`),
        phoneNumber,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid Australian phone number');
    },
  );

  it.each(['02 9876 5432', '(03) 9876-5432', '07 1234 5678', '0812345678'])(
    'accepts the landline %s',
    async (phoneNumber) => {
      const res = await signup({
        ...validSignup(`l${phoneNumber.replace(/\D/g, '')}@example.com`),
        phoneNumber,
      });
      expect(res.statusCode).toBe(201);
    },
  );

  it('answers 409 with a clear message when the email is taken, in any letter case', async () => {
    await signup(validSignup('taken@example.com'));
    const res = await signup(validSignup('TAKEN@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it('makes one account when the same email signs up many times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => signup(validSignup('race@example.com'))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
  });

  it('refuses a short password, a bad email and a client-chosen role', async () => {
    expect(
      (await signup({ ...validSignup('short@example.com'), password: 'short' })).statusCode,
    ).toBe(400);
    expect((await signup({ ...validSignup('x'), email: 'not-an-email' })).statusCode).toBe(400);
    // A field the form does not have is refused by name, and no account is made.
    const res = await signup({ ...validSignup('role@example.com'), role: 'super-admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unrecognized key: "role"');
    expect((await signup(validSignup('role@example.com'))).json().user.role).toBe('client');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by email or username, and refuses a wrong password', async () => {
    const { user } = await createUser(app, { email: 'login@example.com' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'LOGIN@example.com', password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: 'wrong password' },
    });
    expect(bad.statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody@example.com', password: 'wrong password' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(bad.json().message);
  });
});

describe('POST /api/auth/admin-login', () => {
  it('gives staff a token and answers a client and a wrong password alike', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: admin.user.email, password: TEST_PASSWORD, rememberMe: true },
    });
    expect(ok.statusCode).toBe(200);
    const client = await createUser(app);
    const asClient = await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: client.user.email, password: TEST_PASSWORD },
    });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: admin.user.email, password: 'nope nope' },
    });
    expect(asClient.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(asClient.json().message).toBe('Invalid email or password, or access denied');
    expect(wrong.json().message).toBe(asClient.json().message);
  });
});

describe('tokens', () => {
  it('verify-token answers unauthenticated for no token, garbage and a forged token', async () => {
    for (const headers of [{}, bearer('garbage'), bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.')]) {
      const res = await app.inject({ url: '/api/auth/verify-token', headers });
      expect(res.json()).toEqual({ isAuthenticated: false, userRole: null });
    }
  });

  it('logout ends the token on the server', async () => {
    const { token } = await createUser(app);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('GET /api/auth/user and /api/users/profile answer the caller', async () => {
    const { token, user } = await createUser(app, { firstName: 'Grace' });
    const me = await app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(me.json()).toMatchObject({ _id: user.id, email: user.email, role: 'client' });
    const profile = await app.inject({ url: '/api/users/profile', headers: bearer(token) });
    expect(profile.json()).toMatchObject({ _id: user.id, profile: { firstName: 'Grace' } });
    expect((await app.inject({ url: '/api/users/profile' })).statusCode).toBe(401);
  });
});
