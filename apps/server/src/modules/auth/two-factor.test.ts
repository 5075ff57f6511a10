import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { auditLog, twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const { app, database } = await createTestApp();

/** A code of `secret` for the time-step `steps` away from now (otplib's epoch, no waiting). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

/** Turns two-factor on for a signed-in user; answers its secret and recovery codes. */
async function enable(token: string) {
  const setup = await post('/api/auth/two-factor/setup', {}, bearer(token));
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await post(
    '/api/auth/two-factor/confirm',
    { code: await codeAt(secret) },
    bearer(token),
  );
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const customerLogin = (email: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: email, password: TEST_PASSWORD },
    headers: cookie ? { cookie } : {},
  });

async function ticketFor(email: string) {
  const res = await customerLogin(email);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ twoFactor: 'code', ticket: expect.any(String) });
  return body.ticket as string;
}

describe('setting up two-factor sign-in', () => {
  it('shows the secret and a QR code once, confirms with a code and answers ten recovery codes', async () => {
    const { token, user } = await createUser(app);
    const before = await app.inject({ url: '/api/auth/two-factor/status', headers: bearer(token) });
    expect(before.json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      requiredForStaff: false,
    });

    const setup = await post('/api/auth/two-factor/setup', {}, bearer(token));
    const body = setup.json();
    expect(body.secret).toMatch(/^[A-Z2-7]+$/);
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    // The secret is not stored as typed.
    const [row] = await database.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.id));
    expect(row!.secretEncrypted).not.toContain(body.secret);

    const wrong = await post('/api/auth/two-factor/confirm', { code: '000000' }, bearer(token));
    expect(wrong.statusCode).toBe(400);
    const ok = await post(
      '/api/auth/two-factor/confirm',
      { code: await codeAt(body.secret) },
      bearer(token),
    );
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored.map((c) => c.codeHash)).not.toContain(codes[0]);

    const after = await app.inject({ url: '/api/auth/two-factor/status', headers: bearer(token) });
    expect(after.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Set-up cannot start again over an enabled second factor (the secret is never answered again).
    expect((await post('/api/auth/two-factor/setup', {}, bearer(token))).statusCode).toBe(409);
  });

  it('refuses every set-up route without a sign-in', async () => {
    for (const url of [
      '/api/auth/two-factor/setup',
      '/api/auth/two-factor/confirm',
      '/api/auth/two-factor/disable',
      '/api/auth/two-factor/recovery-codes',
    ]) {
      expect((await post(url, { code: '123456', password: 'x' })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/api/auth/two-factor/status' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor', () => {
  it('answers a ticket instead of a token, and a code turns it into a token', async () => {
    const { token, user } = await createUser(app);
    const { secret } = await enable(token);
    const ticket = await ticketFor(user.email);

    const res = await post('/api/auth/two-factor', { ticket, code: await codeAt(secret, 1) });
    expect(res.statusCode).toBe(200);
    const signedIn = await app.inject({ url: '/api/auth/user', headers: bearer(res.json().token) });
    expect(signedIn.json()).toMatchObject({ _id: user.id });
    // The ticket was single use.
    const again = await post('/api/auth/two-factor', { ticket, code: await codeAt(secret, -1) });
    expect(again.statusCode).toBe(401);
  });

  it('bypass: the ticket is not a bearer token, and skipping the second step gets no token', async () => {
    const { token, user } = await createUser(app);
    await enable(token);
    const ticket = await ticketFor(user.email);
    for (const url of ['/api/auth/user', '/api/users/profile', '/api/auth/two-factor/status']) {
      expect((await app.inject({ url, headers: bearer(ticket) })).statusCode).toBe(401);
    }
    const verify = await app.inject({ url: '/api/auth/verify-token', headers: bearer(ticket) });
    expect(verify.json()).toEqual({ isAuthenticated: false, userRole: null });
    // No code, an empty code, or the password in its place: no token.
    expect((await post('/api/auth/two-factor', { ticket })).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor', { ticket, code: '' })).statusCode).toBe(400);
    const withPassword = await post('/api/auth/two-factor', { ticket, code: TEST_PASSWORD });
    expect(withPassword.statusCode).toBe(401);
    expect(withPassword.json().token).toBeUndefined();
    // A made-up ticket, and a set-up route fed a code ticket.
    expect(
      (await post('/api/auth/two-factor', { ticket: 'x'.repeat(43), code: '123456' })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/two-factor/setup-ticket', { ticket })).statusCode).toBe(401);
  });

  it('bypass: a code that was accepted once is refused in its window', async () => {
    const { token, user } = await createUser(app);
    const { secret } = await enable(token);
    const code = await codeAt(secret, 1);
    const first = await post('/api/auth/two-factor', { ticket: await ticketFor(user.email), code });
    expect(first.statusCode).toBe(200);
    const replay = await post('/api/auth/two-factor', {
      ticket: await ticketFor(user.email),
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(
      'That code is not right. Check your authenticator app and try again.',
    );
    // An earlier step's code is refused too once a later one was used.
    const earlier = await post('/api/auth/two-factor', {
      ticket: await ticketFor(user.email),
      code: await codeAt(secret, 0),
    });
    expect(earlier.statusCode).toBe(401);
  });

  it('bypass: five wrong codes pause the account, even for the right code', async () => {
    const { token, user } = await createUser(app);
    const { secret } = await enable(token);
    const ticket = await ticketFor(user.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/two-factor', { ticket, code: String(100000 + i) });
      expect(wrong.statusCode).toBe(401);
    }
    const paused = await post('/api/auth/two-factor', { ticket, code: await codeAt(secret, 1) });
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    expect(paused.json().message).toMatch(/^Too many wrong codes/);
    // A fresh ticket from the password does not start the count again.
    const fresh = await post('/api/auth/two-factor', {
      ticket: await ticketFor(user.email),
      code: await codeAt(secret, 1),
    });
    expect(fresh.statusCode).toBe(429);
  });

  it('recovery codes work once each, in any letter case and with or without the dash', async () => {
    const { token, user } = await createUser(app);
    const { recoveryCodes } = await enable(token);
    const code = recoveryCodes[0]!;
    const ok = await post('/api/auth/two-factor', {
      ticket: await ticketFor(user.email),
      code: code.toUpperCase().replace('-', ''),
    });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/auth/two-factor', { ticket: await ticketFor(user.email), code });
    expect(again.statusCode).toBe(401);
    const status = await app.inject({ url: '/api/auth/two-factor/status', headers: bearer(token) });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('remembers a device for that user only', async () => {
    const { token, user } = await createUser(app);
    const { secret } = await enable(token);
    const res = await post('/api/auth/two-factor', {
      ticket: await ticketFor(user.email),
      code: await codeAt(secret, 1),
      rememberDevice: true,
    });
    const cookie = res.cookies.find((c) => c.name === 'two_factor_device');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
    const header = `two_factor_device=${cookie!.value}`;
    const remembered = await customerLogin(user.email, header);
    expect(remembered.json()).toEqual({ token: expect.any(String) });

    // Another account with two-factor, on the same browser, still gets its second step.
    const other = await createUser(app);
    await enable(other.token);
    expect((await customerLogin(other.user.email, header)).json().twoFactor).toBe('code');
    // A made-up device cookie skips nothing.
    const forged = await customerLogin(user.email, 'two_factor_device=forged-value');
    expect(forged.json().twoFactor).toBe('code');
  });

  it('staff sign-in asks for the code too, keeps Remember Me, and records the sign-in', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const { secret } = await enable(staff.token);
    const login = await post('/api/auth/admin-login', {
      email: staff.user.email,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    expect(login.json().twoFactor).toBe('code');
    const res = await post('/api/auth/two-factor', {
      ticket: login.json().ticket,
      code: await codeAt(secret, 1),
    });
    expect(res.statusCode).toBe(200);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, staff.user.id));
    expect(entries.map((e) => e.summary)).toContain(
      'Signed in to the staff area with a two-factor code',
    );
    expect(entries.map((e) => e.action)).toContain('auth.two_factor_enabled');
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code', async () => {
    const { token, user } = await createUser(app);
    const { secret, recoveryCodes } = await enable(token);
    const url = '/api/auth/two-factor/disable';
    expect((await post(url, { password: TEST_PASSWORD }, bearer(token))).statusCode).toBe(400);
    expect((await post(url, { code: await codeAt(secret, 1) }, bearer(token))).statusCode).toBe(
      400,
    );
    const wrongPassword = await post(
      url,
      { password: 'not the password', code: await codeAt(secret, 1) },
      bearer(token),
    );
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await post(url, { password: TEST_PASSWORD, code: '000000' }, bearer(token));
    expect(wrongCode.statusCode).toBe(400);
    // Still on.
    expect((await customerLogin(user.email)).json().twoFactor).toBe('code');

    const off = await post(
      url,
      { password: TEST_PASSWORD, code: recoveryCodes[1]! },
      bearer(token),
    );
    expect(off.statusCode).toBe(204);
    expect((await customerLogin(user.email)).json()).toEqual({ token: expect.any(String) });
  });

  it('one customer cannot touch another customer’s two-factor', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const { secret } = await enable(alice.token);
    // Bob's calls act on Bob only: with Alice's code and his own password nothing of hers changes.
    const off = await post(
      '/api/auth/two-factor/disable',
      { password: TEST_PASSWORD, code: await codeAt(secret, 1) },
      bearer(bob.token),
    );
    expect(off.statusCode).toBe(409);
    const codes = await post(
      '/api/auth/two-factor/recovery-codes',
      { code: await codeAt(secret, 1) },
      bearer(bob.token),
    );
    expect(codes.statusCode).toBe(409);
    const bobStatus = await app.inject({
      url: '/api/auth/two-factor/status',
      headers: bearer(bob.token),
    });
    expect(bobStatus.json().enabled).toBe(false);
    // A customer cannot reset anyone's, nor read or change the staff policy.
    const reset = await app.inject({
      method: 'DELETE',
      url: `/api/auth/two-factor/users/${alice.user.id}`,
      headers: bearer(bob.token),
    });
    expect(reset.statusCode).toBe(403);
    expect((await customerLogin(alice.user.email)).json().twoFactor).toBe('code');
  });

  it('new recovery codes need a code, and the old ones stop working', async () => {
    const { token, user } = await createUser(app);
    const { secret, recoveryCodes } = await enable(token);
    const url = '/api/auth/two-factor/recovery-codes';
    expect((await post(url, { code: '000000' }, bearer(token))).statusCode).toBe(400);
    const res = await post(url, { code: await codeAt(secret, 1) }, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().recoveryCodes).toHaveLength(10);
    const old = await post('/api/auth/two-factor', {
      ticket: await ticketFor(user.email),
      code: recoveryCodes[0]!,
    });
    expect(old.statusCode).toBe(401);
  });
});

describe('requiring two-factor of staff', () => {
  it('only super-admins read and change the policy and reset a second factor', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const coordinator = await createUser(app, { role: 'co-ordinator' });
    for (const who of [admin, coordinator]) {
      const headers = bearer(who.token);
      expect((await app.inject({ url: '/api/auth/two-factor/policy', headers })).statusCode).toBe(
        403,
      );
      const put = await app.inject({
        method: 'PUT',
        url: '/api/auth/two-factor/policy',
        headers,
        payload: { requireForStaff: true },
      });
      expect(put.statusCode).toBe(403);
      const reset = await app.inject({
        method: 'DELETE',
        url: `/api/auth/two-factor/users/${admin.user.id}`,
        headers,
      });
      expect(reset.statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/auth/two-factor/policy' })).statusCode).toBe(401);
  });

  it('staff without it set it up at their next sign-in; customers are not asked', async () => {
    const owner = await createUser(app, { role: 'super-admin' });
    const staff = await createUser(app, { role: 'co-ordinator' });
    const customer = await createUser(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/auth/two-factor/policy',
      headers: bearer(owner.token),
      payload: { requireForStaff: true },
    });
    expect(put.json()).toEqual({ requireForStaff: true });
    try {
      expect((await customerLogin(customer.user.email)).json()).toEqual({
        token: expect.any(String),
      });
      const login = await post('/api/auth/admin-login', {
        email: staff.user.email,
        password: TEST_PASSWORD,
      });
      const challenge = login.json();
      expect(challenge).toEqual({ twoFactor: 'setup', ticket: expect.any(String) });
      // The customer sign-in of a staff account is no way around it.
      expect((await customerLogin(staff.user.email)).json().twoFactor).toBe('setup');
      // A set-up ticket is neither a token nor a code ticket.
      expect(
        (await app.inject({ url: '/api/auth/user', headers: bearer(challenge.ticket) })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/auth/two-factor', { ticket: challenge.ticket, code: '123456' }))
          .statusCode,
      ).toBe(401);

      const setup = await post('/api/auth/two-factor/setup-ticket', { ticket: challenge.ticket });
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json();
      const confirm = await post('/api/auth/two-factor/setup-ticket/confirm', {
        ticket: challenge.ticket,
        code: await codeAt(secret),
      });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().recoveryCodes).toHaveLength(10);
      const me = await app.inject({
        url: '/api/auth/user',
        headers: bearer(confirm.json().token),
      });
      expect(me.json()).toMatchObject({ _id: staff.user.id });
      // The ticket worked once.
      expect(
        (await post('/api/auth/two-factor/setup-ticket', { ticket: challenge.ticket })).statusCode,
      ).toBe(401);

      // Required of staff: it cannot be turned off.
      const status = await app.inject({
        url: '/api/auth/two-factor/status',
        headers: bearer(confirm.json().token),
      });
      expect(status.json()).toMatchObject({ enabled: true, requiredForStaff: true });
      const off = await post(
        '/api/auth/two-factor/disable',
        { password: TEST_PASSWORD, code: confirm.json().recoveryCodes[0] },
        bearer(confirm.json().token),
      );
      expect(off.statusCode).toBe(403);

      // The super-admin resets it (audited); the next sign-in sets it up again.
      const reset = await app.inject({
        method: 'DELETE',
        url: `/api/auth/two-factor/users/${staff.user.id}`,
        headers: bearer(owner.token),
      });
      expect(reset.statusCode).toBe(204);
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.two_factor_reset'));
      expect(entry).toMatchObject({ actorId: owner.user.id, subjectUserId: staff.user.id });
      const again = await post('/api/auth/admin-login', {
        email: staff.user.email,
        password: TEST_PASSWORD,
      });
      expect(again.json().twoFactor).toBe('setup');
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/api/auth/two-factor/policy',
        headers: bearer(owner.token),
        payload: { requireForStaff: false },
      });
    }
  });
});
