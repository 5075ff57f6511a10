import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app, config } = await createTestApp({ publicUrl: 'https://agency.example' });
const outbox = path.join(config.dataDir, 'outbox');

async function waitForMail(count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    await app.jobRunner.runDueJobs();
    const files = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    if (files.length >= count) return files.map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no mail arrived');
}

function linkToken(mail: string): string {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https:\/\/agency\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error(`no link in mail:\n${mail}`);
  return match[1]!;
}

const forgot = (email: string, host = 'agency.example') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { host },
    payload: { email },
  });

describe('password reset', () => {
  it('answers the same whether or not the email exists', async () => {
    const unknown = await forgot('nobody@example.com');
    expect(unknown.statusCode).toBe(202);
    const { user } = await createUser(app, { email: 'known@example.com' });
    const known = await forgot(user.email, 'evil.example');
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const [mail] = await waitForMail(1);
    expect(mail).toContain('To: known@example.com');
    // The link comes from PUBLIC_URL, never from the Host header.
    expect(mail).not.toContain('evil.example');
    expect(linkToken(mail!).length).toBeGreaterThan(30);
  });

  it('resets once, ends older sign-ins, and refuses the link a second time', async () => {
    const { user, token: oldToken } = await createUser(app, { email: 'reset-me@example.com' });
    await forgot(user.email);
    const mails = await waitForMail(2);
    const resetToken = linkToken(mails.find((m) => m.includes('reset-me@example.com'))!);

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/auth/user', headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: 'brand new password' },
    });
    expect(login.statusCode).toBe(200);

    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'another password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link', async () => {
    const { user } = await createUser(app, { email: 'late@example.com' });
    await forgot(user.email);
    const mails = await waitForMail(3);
    const resetToken = linkToken(mails.find((m) => m.includes('late@example.com'))!);
    await app.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'too late password' },
    });
    expect(res.statusCode).toBe(400);
  });
});
