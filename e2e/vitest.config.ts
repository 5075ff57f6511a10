import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own server and browser; two at a time suits a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
