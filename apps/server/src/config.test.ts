import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'noise-config-'));

describe('loadConfig', () => {
  it('has working defaults and keeps a generated token secret in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.port).toBe(3000);
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'token-secret'), 'utf8').trim()).toBe(first.tokenSecret);
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(first.tokenSecret);
  });

  it('names every malformed variable at once', () => {
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        TOKEN_SECRET: 'short',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('PUBLIC_URL');
      expect(message).toContain('TOKEN_SECRET');
    }
  });

  it('names malformed variables and those missing beside others in one message', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        PAYMENT_PROVIDER: 'stripe',
        GOOGLE_CLIENT_ID: 'google-id',
        WORKERS: '2',
      }),
    ).toThrow(
      new ConfigError(
        [
          'Invalid configuration:',
          '  PORT: Invalid input: expected number, received NaN',
          '  STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe',
          '  STRIPE_PUBLISHABLE_KEY: required when PAYMENT_PROVIDER=stripe',
          '  STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe',
          '  GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set',
          '  WORKERS: 2 processes need DATABASE_URL (PostgreSQL); the embedded database serves one process only. Set DATABASE_URL, or unset WORKERS.',
        ].join('\n'),
      ),
    );
  });

  it('takes an IANA business time zone, Australia/Sydney by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).businessTimeZone).toBe('Australia/Sydney');
    expect(
      loadConfig({ DATA_DIR: dataDir(), BUSINESS_TIMEZONE: 'Australia/Perth' }).businessTimeZone,
    ).toBe('Australia/Perth');
    expect(() => loadConfig({ DATA_DIR: dataDir(), BUSINESS_TIMEZONE: 'Mars/Olympus' })).toThrow(
      /BUSINESS_TIMEZONE: must be an IANA time zone/,
    );
  });
  it('runs one process by default; more only on PostgreSQL', () => {
    const pgUrl = 'postgres://app@127.0.0.1:5432/agency';
    expect(loadConfig({ DATA_DIR: dataDir() }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), WORKERS: '4', DATABASE_URL: pgUrl }).workers).toBe(4);
    expect(
      loadConfig({ DATA_DIR: dataDir(), WORKERS: 'auto', DATABASE_URL: pgUrl }).workers,
    ).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: '2' })).toThrow(
      /WORKERS: 2 processes need DATABASE_URL \(PostgreSQL\); the embedded database serves one process only/,
    );
    for (const bad of ['0', '-1', 'two', '1.5', '65']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: bad, DATABASE_URL: pgUrl })).toThrow(
        /WORKERS: must be/,
      );
    }
  });

  it("takes a proxy count or addresses for TRUST_PROXY and refuses 'true'", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.2, 10.1.0.0/16' }).trustProxy,
    ).toEqual(['10.0.0.2', '10.1.0.0/16']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: must be the number of proxies/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'everyone' })).toThrow(
      /TRUST_PROXY: must be a number of proxies or a comma-separated list/,
    );
  });

  it('refuses live Stripe payments in production without an ABN, naming ABN', () => {
    const stripe = (secretKey: string) => ({
      DATA_DIR: dataDir(),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    const refusal = /\n {2}ABN: required in production with a live Stripe key/;
    expect(() => loadConfig({ ...stripe('sk_live_1'), NODE_ENV: 'production' })).toThrow(refusal);
    // NODE_ENV is production unless set; an ABN of spaces is no ABN.
    expect(() => loadConfig(stripe('sk_live_1'))).toThrow(refusal);
    expect(() => loadConfig({ ...stripe('sk_live_1'), ABN: '   ' })).toThrow(refusal);
    // Named beside the other problems, in the one message.
    expect(() => loadConfig({ ...stripe('sk_live_1'), PORT: 'eighty' })).toThrow(
      /PORT: .*\n {2}ABN: required/s,
    );
    expect(() => loadConfig({ ...stripe('sk_live_1'), NODE_ENV: 'production' })).toThrow(
      ConfigError,
    );

    expect(loadConfig({ ...stripe('sk_live_1'), ABN: '12 345 678 901' }).abn).toBe(
      '12 345 678 901',
    );
    // A test key, the sandbox, or another environment charges nobody for real: it starts.
    expect(loadConfig(stripe('sk_test_1')).payments.stripe?.secretKey).toBe('sk_test_1');
    expect(loadConfig({ DATA_DIR: dataDir() }).abn).toBe('');
    expect(loadConfig({ ...stripe('sk_live_1'), NODE_ENV: 'development' }).abn).toBe('');
    expect(loadConfig({ ...stripe('sk_live_1'), NODE_ENV: 'test' }).abn).toBe('');
  });
});
