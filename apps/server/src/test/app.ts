import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject, onTestFinished } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import { createRepositories, type Repositories } from '../repositories.ts';
import { checkAnswersAgainstDocument } from './answer-check.ts';
import { offlineResolver } from './mail-dns.ts';
import { createDatabasePool } from './database-pool.ts';

/** This worker's database, lent to one test file after another (test/database-pool.ts). */
let pool: Awaited<ReturnType<typeof createDatabasePool>> | undefined;

/**
 * A database of this test file's own: in-memory PGlite by default, or PostgreSQL when
 * TEST_DATABASE_URL is set. Both start migrated, as copies of the database migrated once before
 * the run (test/global-setup.ts). The worker's database is lent when free, put back as the
 * template left it; a second one the file opens at the same time is a new one (on PostgreSQL
 * created for the file and dropped when it closes).
 */
export async function createTestDatabase(): Promise<Database> {
  const lent = await pool?.lend();
  if (lent) return lent;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const open = () =>
      openDatabase({
        pgliteDir: 'memory',
        pgliteFrom: template ? new Blob([readFileSync(template)]) : undefined,
      });
    if (pool) return open();
    pool = await createDatabasePool(open, { reconnect: false });
    return pool.first();
  }
  const template = inject('postgresTemplate');
  // Named after the template, which the run's teardown drops with every copy of it.
  const name = `${template}_${newId(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ url: url.toString(), poolSize: 5 });
  if (!pool) {
    pool = await createDatabasePool(open, { reconnect: true });
    return pool.first();
  }
  const database = await open();
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/**
 * Runs `cleanup` when the test that called it ends, or after the file's tests when called outside
 * a test (a hook registered in a running test would never run). A database left open keeps the
 * worker's PGlite from the files after it, which then start one of their own.
 */
function whenDone(cleanup: () => void | Promise<void>) {
  try {
    onTestFinished(cleanup);
  } catch {
    // Vitest refuses onTestFinished outside a running test.
    afterAll(cleanup);
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-test-'));
  whenDone(() => rmSync(dataDir, { recursive: true, force: true }));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'x'.repeat(48),
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // Tests that exercise a limit set it small through overrides (src/security/rate-limits.test.ts).
      AUTH_ACCOUNT_MAX_FAILURES: '10000',
      UPLOAD_RATE_LIMIT_PER_MINUTE: '10000',
    }),
    // API tests run without the built web app, whatever state the working tree is in.
    webDistDir: undefined,
    ...overrides,
  };
  // An overridden name, ABN, address or contact page is what the environment would have given:
  // the business details start from them, as loadConfig makes them.
  return {
    ...config,
    business: overrides.business ?? {
      ...config.business,
      companyName: config.companyName,
      abn: config.abn,
      address: config.companyAddress,
      contactUrl: config.contactUrl,
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
}

/**
 * Repositories on the app's database, as app.ts makes them: for a test that calls a module
 * function directly (docs/decisions/076).
 */
export function testRepositories(app: FastifyInstance): Repositories {
  return createRepositories(app.database.db);
}

/** Builds the app in-process on this file's own database; closed after the file's tests. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  const app = await buildApp(config, {
    logger: false,
    ensureAdmin: false,
    // Replies by email are checked against DNS; a test that sends them gives its own records.
    mailResolver: offlineResolver,
    ...options,
    database,
  });
  checkAnswersAgainstDocument(app);
  await app.ready();
  whenDone(async () => {
    await app.close();
    await database.close();
  });
  return { app, config, database };
}
