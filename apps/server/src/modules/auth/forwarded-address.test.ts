import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createUser } from '../../test/factories.ts';
import { RESET_MAILS_PER_HOUR } from './password-reset.ts';

/**
 * Behind one proxy (TRUST_PROXY=1) the client's address is the one that proxy appended to
 * X-Forwarded-For, never an address the client wrote to the left of it (docs/deploy.md).
 */
const { app, config } = await createTestApp({ trustProxy: 1, authRateLimitPerMinute: 5 });

/** A request as the proxy passes it on: the client's forged header, then the address it saw. */
const throughProxy = (forged: string, client: string) => ({
  'x-forwarded-for': `${forged}, ${client}`,
});

describe('client addresses behind a proxy', () => {
  it('counts failed sign-ins by the address the proxy saw, whatever the client forges', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: throughProxy(`10.9.${i}.1`, '203.0.113.7'),
        payload: { username: 'nobody@example.com', password: 'guess guess' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another client behind the same proxy is counted on its own.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: throughProxy('203.0.113.7', '198.51.100.2'),
      payload: { username: 'nobody@example.com', password: 'guess guess' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('mails one account at most three reset links an hour, from any number of addresses', async () => {
    const { user } = await createUser(app, { email: 'reset.victim@example.com' });
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: throughProxy('127.0.0.1', `198.51.100.${10 + i}`),
        payload: { email: user.email },
      });
      // The same answer every time: the limit tells nobody whether the account exists.
      expect(res.statusCode).toBe(202);
    }
    await app.afterAnswer.drain();
    await app.jobRunner.runDueJobs();
    const outbox = path.join(config.dataDir, 'outbox');
    const resets = (existsSync(outbox) ? readdirSync(outbox) : []).filter((file) => {
      if (!file.endsWith('.eml')) return false;
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      return raw.includes('reset.victim@example.com') && raw.includes('Reset your');
    });
    expect(resets).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});
