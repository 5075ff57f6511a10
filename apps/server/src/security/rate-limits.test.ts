import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { rateCounters } from '../db/schema.ts';
import { createRateCounters } from '../lib/rate-counter-repository.ts';
import { createAccountLimiter } from '../modules/auth/account-limit.ts';
import { createTestApp, createTestDatabase } from '../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../test/order-factories.ts';

/**
 * Small limits so the suite stays fast. The per-address limits have an app of their own; the
 * other one lets many sign-ins through per address (the factories sign in from one), so only
 * the per-account and upload limits answer 429 there.
 */
const { app: perAddress } = await createTestApp({ authRateLimitPerMinute: 3 });
const { app } = await createTestApp({
  authRateLimitPerMinute: 1000,
  signInAccountLimit: { maxFailures: 3, windowMs: 60_000 },
  uploadRateLimitPerMinute: 2,
});

let nextAddress = 1;
/** A fresh client address for each caller, so only the limit under test can answer 429. */
const address = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const post = (url: string, payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const postTo = (url: string, payload: object, remoteAddress: string) =>
  perAddress.inject({ method: 'POST', url, payload, remoteAddress });

/** A 429 that says what happened and when to come back. */
function expectLimited(res: LightMyRequestResponse, message: RegExp) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.json()).toMatchObject({ statusCode: 429, error: 'too_many_requests' });
  expect(res.json().message).toMatch(message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0, `retry-after ${retryAfter}`).toBe(true);
}

/** A database of its own for the counters' clock-driven tests. */
const counterDb = await createTestDatabase();
afterAll(() => counterDb.close());

const WAIT_MESSAGE = /^Too many attempts\. Please wait \d+ (second|minute)s? and try again\.$/;
const PER_ACCOUNT =
  /^Too many failed sign-ins for this account\. Please wait \d+ minutes? and try again, or reset your password\.$/;

describe('per address', () => {
  it('sign-in answers 429 after the limit from one address, and other addresses go on', async () => {
    const from = address();
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (
          await postTo(
            '/api/auth/login',
            { username: `nobody${i}@example.com`, password: 'guess' },
            from,
          )
        ).statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401]);
    expectLimited(
      await postTo('/api/auth/login', { username: 'nobody9@example.com', password: 'guess' }, from),
      WAIT_MESSAGE,
    );
    const elsewhere = await postTo(
      '/api/auth/login',
      { username: 'nobody9@example.com', password: 'guess' },
      address(),
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('staff sign-in answers 429 after the limit from one address', async () => {
    const from = address();
    for (let i = 0; i < 3; i++) {
      const res = await postTo(
        '/api/auth/admin-login',
        { email: `x${i}@example.com`, password: 'guess' },
        from,
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await postTo('/api/auth/admin-login', { email: 'x@example.com', password: 'guess' }, from),
      WAIT_MESSAGE,
    );
  });

  it('sign-up answers 429 after the limit from one address', async () => {
    const from = address();
    const signup = (i: number) =>
      postTo(
        '/api/auth/signup',
        {
          firstName: 'Rate',
          lastName: 'Limit',
          email: `signup-${from}-${i}@example.com`,
          phoneNumber: '0412345678',
          password: 'long enough password',
        },
        from,
      );
    for (let i = 0; i < 3; i++) expect((await signup(i)).statusCode).toBe(201);
    expectLimited(await signup(3), WAIT_MESSAGE);
  });

  it('password reset requests answer 429 after the limit from one address', async () => {
    const from = address();
    for (let i = 0; i < 3; i++) {
      const res = await postTo('/api/auth/forgot-password', { email: `who${i}@example.com` }, from);
      expect(res.statusCode).toBe(202);
    }
    expectLimited(
      await postTo('/api/auth/forgot-password', { email: 'who@example.com' }, from),
      WAIT_MESSAGE,
    );
    const reset = address();
    for (let i = 0; i < 3; i++) {
      await postTo(
        '/api/auth/reset-password',
        { token: `t${i}`.padEnd(40, 'x'), password: 'new password here' },
        reset,
      );
    }
    expectLimited(
      await postTo(
        '/api/auth/reset-password',
        { token: 'y'.repeat(40), password: 'new password here' },
        reset,
      ),
      WAIT_MESSAGE,
    );
  });
});

describe('per account', () => {
  it('failed sign-ins of one account from many addresses pause that account only', async () => {
    const victim = await createUser(app, { email: 'victim@example.com' });
    const bystander = await createUser(app, { email: 'bystander@example.com' });
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/auth/login',
        { username: 'victim@example.com', password: `wrong ${i}` },
        address(),
      );
      expect(res.statusCode).toBe(401);
    }
    // Paused: even the right password, from yet another address, waits.
    const right = await post(
      '/api/auth/login',
      { username: 'VICTIM@example.com', password: victim.password },
      address(),
    );
    expectLimited(right, PER_ACCOUNT);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Other accounts are not locked out, from the same addresses or any.
    const other = await post(
      '/api/auth/login',
      { username: bystander.user.email, password: TEST_PASSWORD },
      address(),
    );
    expect(other.statusCode).toBe(200);
    // The tokens the victim already has keep working.
    const profile = await app.inject({ url: '/api/users/profile', headers: bearer(victim.token) });
    expect(profile.statusCode).toBe(200);
  });

  it('staff sign-in is paused too, and failures on either sign-in count together', async () => {
    const staff = await createUser(app, { role: 'admin', email: 'staff-paused@example.com' });
    await post('/api/auth/login', { username: staff.user.email, password: 'wrong 1' }, address());
    await post(
      '/api/auth/admin-login',
      { email: staff.user.email, password: 'wrong 2' },
      address(),
    );
    await post(
      '/api/auth/admin-login',
      { username: staff.user.email, password: 'wrong 3' },
      address(),
    );
    const res = await post(
      '/api/auth/admin-login',
      { email: staff.user.email, password: TEST_PASSWORD },
      address(),
    );
    expectLimited(res, PER_ACCOUNT);
    const customer = await post(
      '/api/auth/login',
      { username: staff.user.email, password: TEST_PASSWORD },
      address(),
    );
    expectLimited(customer, PER_ACCOUNT);
  });

  it('an unknown identifier is paused alike, so the answer tells nothing about accounts', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await post(
            '/api/auth/login',
            { username: 'ghost@example.com', password: `p${i}` },
            address(),
          )
        ).statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('a successful sign-in clears the failures', async () => {
    const user = await createUser(app, { email: 'forgetful@example.com' });
    const attempt = (password: string) =>
      post('/api/auth/login', { username: user.user.email, password }, address());
    expect((await attempt('wrong 1')).statusCode).toBe(401);
    expect((await attempt('wrong 2')).statusCode).toBe(401);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('wrong 3')).statusCode).toBe(401);
    expect((await attempt('wrong 4')).statusCode).toBe(401);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('guessing the current password on a password change is limited per account', async () => {
    const user = await createUser(app, { email: 'stolen-token@example.com' });
    const guess = (i: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/password',
        headers: bearer(user.token),
        remoteAddress: address(),
        payload: { currentPassword: `guess number ${i}`, newPassword: 'the thief wants this' },
      });
    for (let i = 0; i < 10; i++) expect((await guess(i)).statusCode).toBe(401);
    expectLimited(await guess(10), WAIT_MESSAGE);
  });

  it('parallel guesses get no more tries than the limit: each is counted before its check', async () => {
    await createUser(app, { email: 'hurried@example.com' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post('/api/auth/login', { username: 'hurried@example.com', password: `p${i}` }, address()),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('the pause ends when the window, counted from the first failure, has passed', async () => {
    let now = 1_000_000;
    const limiter = createAccountLimiter(createRateCounters(counterDb.db, { now: () => now }), {
      maxFailures: 2,
      windowMs: 60_000,
    });
    await limiter.attempt('user:1');
    now += 30_000;
    await limiter.attempt('user:1');
    await expect(limiter.attempt('user:1')).rejects.toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 30,
    });
    await expect(limiter.attempt('user:2')).resolves.toBeUndefined();
    now += 30_000;
    await expect(limiter.attempt('user:1')).resolves.toBeUndefined();
  });
});

describe('the shared counters', () => {
  it('count in one window per key, and a new window starts after it ends', async () => {
    let now = 5_000_000;
    const counters = createRateCounters(counterDb.db, { now: () => now });
    expect(await counters.hit('window', 10_000)).toEqual({ hits: 1, resetAt: 5_010_000 });
    now += 4_000;
    expect(await counters.hit('window', 10_000)).toEqual({ hits: 2, resetAt: 5_010_000 });
    expect(await counters.hit('other', 10_000)).toEqual({ hits: 1, resetAt: 5_014_000 });
    now += 6_000;
    expect(await counters.hit('window', 10_000)).toEqual({ hits: 1, resetAt: 5_020_000 });
    await counters.clear('window');
    expect(await counters.hit('window', 10_000)).toEqual({ hits: 1, resetAt: 5_020_000 });
  });

  it('store keys as hashes and delete windows that have ended, so the table stays small', async () => {
    let now = 9_000_000;
    const counters = createRateCounters(counterDb.db, { now: () => now });
    for (let i = 0; i < 50; i++) await counters.hit(`spray-${i}@example.com`, 60_000);
    const stored = await counterDb.db.select().from(rateCounters);
    expect(stored.some((r) => r.keyHash.includes('spray'))).toBe(false);
    now += 61_000;
    await counters.hit('late', 60_000);
    const left = await counterDb.db.select().from(rateCounters);
    expect(left.map((r) => r.hits)).toEqual([1]);
  });
});

const superAdmin = await createUser(app, { role: 'super-admin' });
const admin = await createUser(app, { role: 'admin' });
const cora = await coordinator(app);
const fixture = await createServiceToOrder(app);
const paid = await pay(app, superAdmin.token, orderBody(fixture, { coordinatorId: cora.user.id }));
const projectId = paid.json().projectId as string;

/** Every multipart (upload) route the server declares: new upload routes are included. */
const uploadRoutes = app.declaredRoutes
  .filter((r) => r.upload)
  .map((r) => ({
    method: r.method as 'POST' | 'PUT',
    url: r.url.replace(/:id\b/g, r.url.includes('/brief') ? projectId : 'no-such-id'),
    name: `${r.method} ${r.url}`,
  }));

describe('uploads', () => {
  it('finds the upload routes', () => {
    expect(uploadRoutes.map((r) => r.name).sort()).toEqual(
      expect.arrayContaining([
        'POST /api/services',
        'PUT /api/services/:id',
        'POST /api/pages',
        'PUT /api/pages/:id',
        'POST /api/industries',
        'PUT /api/industries/:id',
        'POST /api/projects/:id/brief',
        'POST /api/users/site-users',
        'PUT /api/users/site-users/:id',
      ]),
    );
  });

  it('every upload route answers 429 after the limit for one user, and not for another', async () => {
    const send = (token: string, route: (typeof uploadRoutes)[number]) =>
      app.inject({
        method: route.method,
        url: route.url,
        headers: bearer(token),
        body: multipart({}),
      });
    for (const route of uploadRoutes) {
      for (let i = 0; i < 2; i++) {
        const res = await send(superAdmin.token, route);
        expect(res.statusCode, `${route.name} #${i + 1}: ${res.body}`).not.toBe(429);
      }
      const limited = await send(superAdmin.token, route);
      expect(limited.statusCode, route.name).toBe(429);
      expectLimited(limited, WAIT_MESSAGE);
      // Per user, not per address: a colleague on the same address goes on.
      const colleague = await send(admin.token, route);
      expect(colleague.statusCode, `${route.name} for another user`).not.toBe(429);
    }
  });
});
