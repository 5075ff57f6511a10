import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser, TEST_PASSWORD } from '../test/factories.ts';

/**
 * Tokens that must not work: forged, expired, malformed, and every token of a session that has
 * ended. Each is tried on a client route and a staff route.
 */
const { app, config } = await createTestApp({ publicUrl: 'https://agency.example' });
const superAdmin = await createUser(app, { role: 'super-admin' });

const CLIENT_ROUTE = '/api/users/profile';
const STAFF_ROUTE = '/api/users/clients';

async function statusWith(token: string, url: string) {
  return (await app.inject({ url, headers: bearer(token) })).statusCode;
}

/** The answers on the client route and the staff route. */
const answers = async (token: string) => [
  await statusWith(token, CLIENT_ROUTE),
  await statusWith(token, STAFF_ROUTE),
];

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims of a real token, to forge variants of it. */
function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
    ver: number;
    iss: string;
    exp: number;
  };
}

const sign = (claims: object, secret: string, expiresAt: number | string) =>
  new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

describe('forged and broken tokens', () => {
  it('a valid staff token works on both routes (the baseline)', async () => {
    expect(await answers(superAdmin.token)).toEqual([200, 200]);
  });

  it('alg none is refused', async () => {
    const claims = claimsOf(superAdmin.token);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(await answers(none)).toEqual([401, 401]);
  });

  it('a token signed with another key is refused', async () => {
    const { sub, sid, ver, iss } = claimsOf(superAdmin.token);
    const forged = await sign({ sub, sid, ver, iss }, 'y'.repeat(48), '1h');
    expect(await answers(forged)).toEqual([401, 401]);
  });

  it('another algorithm with the right key is refused', async () => {
    const { sub, sid, ver, iss } = claimsOf(superAdmin.token);
    const hs512 = await new SignJWT({ sub, sid, ver, iss })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(config.tokenSecret));
    expect(await answers(hs512)).toEqual([401, 401]);
  });

  it('an expired token is refused, though its session and signature are good', async () => {
    const { sub, sid, ver, iss } = claimsOf(superAdmin.token);
    const expired = await sign(
      { sub, sid, ver, iss },
      config.tokenSecret,
      Math.floor(Date.now() / 1000) - 60,
    );
    expect(await answers(expired)).toEqual([401, 401]);
    // The same claims, unexpired and signed with the server's key, do work: only the expiry differs.
    const fresh = await sign({ sub, sid, ver, iss }, config.tokenSecret, '1h');
    expect(await answers(fresh)).toEqual([200, 200]);
  });

  it('a token naming another user than its session is refused', async () => {
    const other = await createUser(app, { role: 'admin' });
    const { sid, ver, iss } = claimsOf(superAdmin.token);
    const mixed = await sign({ sub: other.user.id, sid, ver, iss }, config.tokenSecret, '1h');
    expect(await answers(mixed)).toEqual([401, 401]);
  });

  it('malformed tokens and headers are refused', async () => {
    for (const token of [
      '',
      'abc',
      'a.b.c',
      `${superAdmin.token}x`,
      superAdmin.token.slice(0, -3),
    ]) {
      expect(await answers(token), JSON.stringify(token)).toEqual([401, 401]);
    }
    for (const header of [superAdmin.token, `Basic ${superAdmin.token}`, `Bearer  `]) {
      const res = await app.inject({ url: STAFF_ROUTE, headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
    }
  });
});

describe('tokens of ended sessions', () => {
  it('after logout', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const other = await createUser(app, { role: 'admin', email: `other-${staff.user.email}` });
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(staff.token),
    });
    expect(out.statusCode).toBe(204);
    expect(await answers(staff.token)).toEqual([401, 401]);
    // Another session goes on.
    expect(await answers(other.token)).toEqual([200, 200]);
  });

  it('after a password change, except the token it hands out', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: staff.user.email, password: TEST_PASSWORD },
    });
    const otherDevice = second.json().token as string;
    const change = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: bearer(staff.token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await answers(staff.token)).toEqual([401, 401]);
    expect(await answers(otherDevice)).toEqual([401, 401]);
    expect(await answers(change.json().token)).toEqual([200, 200]);
  });

  it('after a password reset', async () => {
    const staff = await createUser(app, { role: 'admin', email: 'reset-staff@example.com' });
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: staff.user.email },
    });
    expect(asked.statusCode).toBe(202);
    const resetToken = await mailedResetToken(staff.user.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'reset to this one' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await answers(staff.token)).toEqual([401, 401]);
  });

  it('after a role change: a demoted co-ordinator loses the staff route and the old token', async () => {
    const staff = await createUser(app, { role: 'co-ordinator' });
    expect(await answers(staff.token)).toEqual([200, 200]);
    const demote = await app.inject({
      method: 'POST',
      url: `/api/users/site-users/${staff.user.id}/role`,
      headers: bearer(superAdmin.token),
      payload: { role: 'client' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await answers(staff.token)).toEqual([401, 401]);
    // Signed in again as what they are now: a client.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: staff.user.email, password: TEST_PASSWORD },
    });
    expect(await answers(again.json().token)).toEqual([200, 403]);
  });

  it('after account deletion', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const client = await createUser(app);
    for (const target of [staff, client]) {
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/users/site-users/${target.user.id}`,
        headers: bearer(superAdmin.token),
      });
      expect(del.statusCode, del.body).toBe(204);
      expect(await answers(target.token)).toEqual([401, 401]);
    }
  });
});

async function mailedResetToken(to: string): Promise<string> {
  const outbox = path.join(config.dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    await app.jobRunner.runDueJobs();
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files) {
      const mail = readFileSync(path.join(outbox, f), 'utf8');
      if (!mail.includes(`To: ${to}`)) continue;
      const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no reset mail to ${to}`);
}
