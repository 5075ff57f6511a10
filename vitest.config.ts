import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
          include: ['apps/server/src/**/*.test.ts'],
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
