import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The server's tests of what differs between the two engines (decision 117): opening, migrating
 * and locking the database, notifications between processes (jobs, the catalogue's cache, live
 * streams), pg_trgm search, transactions racing for the same rows, and a purchase from start to
 * end. CI runs the whole server project on PostgreSQL and, with SERVER_TESTS=engine, these on
 * PGlite as well; `npm run test:unit` alone still runs every file on PGlite.
 */
const ENGINE_TESTS = [
  'db/lock',
  'db/query-counts',
  'db/any-of',
  'infrastructure',
  'test/db-snapshot',
  'seed/seed-demo',
  'seed/ensure-admin',
  'cli/route-index',
  'cli/openapi',
  'modules/jobs/runner',
  'modules/jobs/lanes',
  'modules/catalogue/catalogue-cache',
  'modules/catalogue/search',
  'modules/catalogue/search-index',
  'modules/notifications/routes',
  'modules/messages/routes',
  'modules/business-details/business-details',
  'modules/payments/handle-payment',
  'modules/payments/guest-checkout',
  'modules/payments/refunds',
  'plugins/storage-guard',
  'plugins/errors-unavailable',
  'security/money-and-concurrency',
].map((file) => `apps/server/src/${file}.test.ts`);
// A file renamed or removed would quietly leave the engine's run: it fails here instead.
const missingEngineTests = ENGINE_TESTS.filter(
  (file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))),
);
if (missingEngineTests.length > 0) {
  throw new Error(`ENGINE_TESTS names files that do not exist: ${missingEngineTests.join(', ')}`);
}

const serverTests = process.env.SERVER_TESTS;
if (serverTests && serverTests !== 'engine') {
  throw new Error(`SERVER_TESTS=${serverTests}: expected engine, or unset for every file`);
}

export default defineConfig({
  test: {
    // One worker per core: Vitest's default (cores - 1) ran the suite in one worker on a 2-core
    // machine (docs/testing.md).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: serverTests === 'engine' ? ENGINE_TESTS : ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Files share workers (each closes what it opens): the app and PGlite are imported
          // once per worker instead of once per file (docs/performance.md#test-suite).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Pure functions of the web app (the payment steps, the API client's errors): no DOM.
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The forms that take money or data, rendered in jsdom; MSW answers their API calls.
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A test types a few dozen keys; on a loaded 2-core runner that can pass the 5 s default.
          testTimeout: 15_000,
          // Files share workers, as the server's do: jsdom and the app are set up once per worker
          // instead of once per file, which halves the project's time; setup.ts resets what a
          // test leaves behind.
          isolate: false,
        },
      },
    ],
  },
});
