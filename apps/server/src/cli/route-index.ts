import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ROUTE_INDEX_FILE, routeIndexText } from './route-index-text.ts';

/**
 * Writes docs/routes.md from the routes the app really registers (`npm run routes`). The unit
 * tests fail when it is stale (route-index.test.ts).
 */
const target = fileURLToPath(new URL(`../../../../${ROUTE_INDEX_FILE}`, import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-routes-'));

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  TOKEN_SECRET: 'x'.repeat(48),
  SEED_DEMO: 'false',
});
const app = await buildApp({ ...config, webDistDir: undefined }, { ensureAdmin: false });
await app.ready();
const text = routeIndexText(app.declaredRoutes);
await app.close();
rmSync(dataDir, { recursive: true, force: true });

writeFileSync(target, text);
console.log(
  `Wrote ${ROUTE_INDEX_FILE}: ${text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Method')).length} routes.`,
);
