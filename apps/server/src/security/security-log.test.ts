import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { tokenizeSandboxCard } from '@noise/shared/sandbox-card';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../test/order-factories.ts';

/**
 * A full run of many requests with the logger on, as in production (plus trace level): the log
 * names who did what and what was refused, and never holds a password, a token or a card number.
 */
const stream = new PassThrough();
let output = '';
stream.on('data', (chunk) => (output += chunk));
const { app, config } = await createTestApp(
  { logLevel: 'trace', signInAccountLimit: { maxFailures: 3, windowMs: 60_000 } },
  { logger: true, logStream: stream },
);

const secrets: string[] = [];
const keep = <T extends string>(value: T): T => {
  secrets.push(value);
  return value;
};

const EMAIL = 'audit.me@example.com';
const FIRST_PASSWORD = keep('first secret password 1');
const WRONG_PASSWORD = keep('wrong guess password 2');
const SECOND_PASSWORD = keep('second secret password 3');
const RESET_PASSWORD = keep('reset secret password 4');
const CARD = keep('4242 4242 4242 4242');
keep(CARD.replace(/ /g, ''));

const post = (url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

// Sign-up, sign-in, a failed sign-in by a known and an unknown identifier, a staff one.
const signup = await post('/api/auth/signup', {
  firstName: 'Audit',
  lastName: 'Me',
  email: EMAIL,
  phoneNumber: '0412345678',
  password: FIRST_PASSWORD,
});
expect(signup.statusCode).toBe(201);
const signupToken = keep(signup.json().token as string);
const userId = signup.json().user._id as string;
const login = await post('/api/auth/login', { username: EMAIL, password: FIRST_PASSWORD });
expect(login.statusCode).toBe(200);
const token = keep(login.json().token as string);
expect(
  (await post('/api/auth/login', { username: EMAIL, password: WRONG_PASSWORD })).statusCode,
).toBe(401);
await post('/api/auth/login', { username: 'nobody.here@example.com', password: WRONG_PASSWORD });
await post('/api/auth/admin-login', { email: EMAIL, password: WRONG_PASSWORD });

// Token use and a checkout with the sandbox's test card, tokenised as the card form does.
expect((await app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(200);
const cora = await coordinator(app);
keep(cora.token);
const fixture = await createServiceToOrder(app);
const card = tokenizeSandboxCard({ number: CARD, expiry: '12/40', cvc: '123' });
if (!('paymentMethodId' in card)) throw new Error(card.error);
const paid = await pay(
  app,
  token,
  orderBody(fixture, { coordinatorId: cora.user.id, paymentMethod: card.paymentMethodId }),
);
expect(paid.statusCode, paid.body).toBe(200);
const projectId = paid.json().projectId as string;

// A password change; the old token is then refused.
const change = await app.inject({
  method: 'PUT',
  url: '/api/users/password',
  headers: bearer(token),
  payload: { currentPassword: FIRST_PASSWORD, newPassword: SECOND_PASSWORD },
});
expect(change.statusCode).toBe(200);
const changedToken = keep(change.json().token as string);
expect((await app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(401);

// Refused: a client on a staff route, another client's project, a paused account.
const other = await createUser(app, { email: 'other.client@example.com' });
keep(other.token);
expect(
  (await app.inject({ url: '/api/users/clients', headers: bearer(changedToken) })).statusCode,
).toBe(403);
expect(
  (await app.inject({ url: `/api/projects/${projectId}`, headers: bearer(other.token) }))
    .statusCode,
).toBe(404);
for (let i = 0; i < 4; i++) {
  await post('/api/auth/login', { username: other.user.email, password: WRONG_PASSWORD });
}

// A password reset by mail, then signing out.
expect((await post('/api/auth/forgot-password', { email: EMAIL })).statusCode).toBe(202);
const resetToken = keep(await mailedResetToken(EMAIL));
const reset = await post('/api/auth/reset-password', {
  token: resetToken,
  password: RESET_PASSWORD,
});
expect(reset.statusCode).toBe(200);
const last = await post('/api/auth/login', { username: EMAIL, password: RESET_PASSWORD });
const lastToken = keep(last.json().token as string);
expect((await post('/api/auth/logout', {}, lastToken)).statusCode).toBe(204);
keep(signupToken);

interface Line {
  time: number;
  level: number;
  msg: string;
  event?: string;
  userId?: string;
  ip?: string;
  login?: string;
  route?: string;
  statusCode?: number;
  [key: string]: unknown;
}
const lines = (): Line[] =>
  output
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

describe('security log', () => {
  it('holds no password, token, reset token or card number anywhere', () => {
    expect(output.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(output, 'a secret in the logs').not.toContain(secret);
    for (const jwt of secrets.filter((s) => s.split('.').length === 3)) {
      expect(output).not.toContain(jwt.split('.')[2]!);
    }
    expect(output).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(output).not.toMatch(/4242[ -]?4242[ -]?4242[ -]?4242/);
    expect(output).not.toMatch(/"password"\s*:\s*"(?!\[redacted\])/);
  });

  it('logs sign-ins, sign-outs and sign-ups with who, from where and when', () => {
    const all = lines();
    const signedIn = all.find((l) => l.event === 'login' && l.userId === userId);
    expect(signedIn).toMatchObject({ msg: 'signed in', ip: '127.0.0.1' });
    expect(typeof signedIn!.time).toBe('number');
    expect(all.find((l) => l.event === 'signup')).toMatchObject({ userId, ip: '127.0.0.1' });
    expect(all.find((l) => l.event === 'staff_login')).toMatchObject({ userId: cora.user.id });
    expect(all.find((l) => l.event === 'logout')).toMatchObject({
      userId,
      ip: '127.0.0.1',
      msg: 'signed out',
    });
  });

  it('logs failed sign-ins with the identifier tried, never the password', () => {
    const failed = lines().filter(
      (l) => l.event === 'login_failed' || l.event === 'staff_login_failed',
    );
    expect(failed.map((l) => l.login)).toEqual(
      expect.arrayContaining([EMAIL, 'nobody.here@example.com', other.user.email]),
    );
    expect(failed.find((l) => l.event === 'staff_login_failed')).toMatchObject({
      login: EMAIL,
      ip: '127.0.0.1',
      reason: 'credentials',
    });
    expect(failed.some((l) => l.reason === 'account_limited')).toBe(true);
    for (const line of failed) {
      expect(line.msg).toMatch(/sign-in refused/);
      expect(typeof line.time).toBe('number');
      expect(JSON.stringify(line)).not.toContain(WRONG_PASSWORD);
    }
  });

  it('logs every refused request: 401, 403, 404 by ownership and 429, with who and what', () => {
    const refused = lines().filter((l) => l.event === 'access_refused');
    const find = (statusCode: number, route: string) =>
      refused.find((l) => l.statusCode === statusCode && l.route === route);
    // The token from before the password change: refused, and said so.
    expect(find(401, '/api/auth/user')).toMatchObject({
      userId: 'anonymous',
      ip: '127.0.0.1',
      method: 'GET',
      credentials: 'rejected',
    });
    expect(find(401, '/api/auth/login')).toMatchObject({ credentials: 'none' });
    expect(find(403, '/api/users/clients')).toMatchObject({ userId, role: 'client' });
    expect(find(404, '/api/projects/:id')).toMatchObject({
      userId: other.user.id,
      url: `/api/projects/${projectId}`,
    });
    expect(find(429, '/api/auth/login')).toMatchObject({ userId: 'anonymous', method: 'POST' });
    expect(find(401, '/api/auth/login')).toBeDefined();
    for (const line of refused) expect(typeof line.time).toBe('number');
  });
});

async function mailedResetToken(to: string): Promise<string> {
  const outbox = path.join(config.dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    await app.jobRunner.runDueJobs();
    for (const f of existsSync(outbox)
      ? readdirSync(outbox).filter((f) => f.endsWith('.eml'))
      : []) {
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
