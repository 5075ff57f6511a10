import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = () => ({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'noise-pay-config-')),
  TOKEN_SECRET: 'x'.repeat(40),
});

describe('payment settings', () => {
  it('defaults to the offline sandbox in Australian dollars with the job runner on', () => {
    const config = loadConfig(base());
    expect(config.payments).toEqual({ provider: 'sandbox', currency: 'AUD', stripe: undefined });
    expect(config.jobsPollIntervalMs).toBe(5000);
    expect(config.renewals).toEqual({ maxFailures: 3, retryBaseMs: 3_600_000 });
  });

  it('turns the job runner off in tests unless asked', () => {
    expect(loadConfig({ ...base(), NODE_ENV: 'test' }).jobsPollIntervalMs).toBe(0);
    expect(
      loadConfig({ ...base(), NODE_ENV: 'test', JOBS_POLL_INTERVAL_MS: '100' }).jobsPollIntervalMs,
    ).toBe(100);
  });

  it('runs mail and bulk jobs four at a time and money jobs one at a time, unless told', () => {
    expect(loadConfig(base()).jobLanes).toEqual({ mail: 4, bulk: 4, money: 1 });
    expect(
      loadConfig({ ...base(), JOBS_BULK_CONCURRENCY: '8', JOBS_MONEY_CONCURRENCY: '2' }).jobLanes,
    ).toEqual({ mail: 4, bulk: 8, money: 2 });
    expect(() => loadConfig({ ...base(), JOBS_MAIL_CONCURRENCY: '0' })).toThrow(
      /JOBS_MAIL_CONCURRENCY/,
    );
  });

  it('names every missing Stripe key when the provider is stripe', () => {
    expect(() =>
      loadConfig({ ...base(), PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ ...base(), PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' });
    } catch (error) {
      expect((error as Error).message).toContain('STRIPE_PUBLISHABLE_KEY');
      expect((error as Error).message).toContain('STRIPE_WEBHOOK_SECRET');
      expect((error as Error).message).not.toContain('STRIPE_SECRET_KEY');
    }
  });

  it('reads the Stripe keys and an upper-cased currency', () => {
    const config = loadConfig({
      ...base(),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      CURRENCY: 'aud',
    });
    expect(config.payments).toMatchObject({
      provider: 'stripe',
      currency: 'AUD',
      stripe: { secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' },
    });
    expect(() => loadConfig({ ...base(), CURRENCY: 'dollars' })).toThrow(/CURRENCY/);
  });
});
