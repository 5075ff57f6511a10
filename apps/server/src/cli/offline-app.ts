import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * Builds the app as the tests do, on an embedded database in a temporary folder and without
 * listening on the network, hands it to `use`, then closes it: for the commands that write what
 * the app's routes say (docs/routes.md, docs/openapi.json).
 */
export async function withOfflineApp<T>(use: (app: FastifyInstance) => T): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-offline-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'x'.repeat(48),
      SEED_DEMO: 'false',
    });
    const app = await buildApp(
      { ...config, webDistDir: undefined },
      { ensureAdmin: false, logger: false },
    );
    try {
      await app.ready();
      return use(app);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
