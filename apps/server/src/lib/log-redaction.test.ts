import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/auth-success?token=abc.def.ghi&x=1')).toBe(
      '/auth-success?token=[redacted]&x=1',
    );
    expect(redactUrl('/api/auth/google/callback?code=c0de&state=st4te')).toBe(
      '/api/auth/google/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/api/services/search?q=seo')).toBe('/api/services/search?q=seo');
  });
});

describe('logs', () => {
  it('never contain a password or a token', async () => {
    const stream = new PassThrough();
    let logs = '';
    stream.on('data', (chunk) => (logs += chunk));
    const { app } = await createTestApp({ logLevel: 'trace' }, { logger: true, logStream: stream });
    const password = 'a very secret password 123';
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Log',
        lastName: 'Test',
        email: 'logs@example.com',
        phoneNumber: '0412345678',
        password,
      },
    });
    const token = signup.json().token as string;
    await app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ url: `/auth-success?token=${token}` });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'logs@example.com', password: 'wrong password here' },
    });
    expect(logs).toContain('account created');
    expect(logs).toContain('sign-in refused');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain('wrong password here');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(token.split('.')[2]!);
  });
});
