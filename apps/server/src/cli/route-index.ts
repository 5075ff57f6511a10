import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * Writes docs/routes.md, every API route with who may call it and the file that serves it, from
 * the routes the app really registers. `--check` fails when the file is stale (npm run check).
 */
const check = process.argv.includes('--check');
const target = fileURLToPath(new URL('../../../../docs/routes.md', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-routes-'));

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  TOKEN_SECRET: 'x'.repeat(48),
  SEED_DEMO: 'false',
});
const app = await buildApp({ ...config, webDistDir: undefined }, { ensureAdmin: false });
await app.ready();
const routes = [...app.declaredRoutes].sort(
  (a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });

const rows = routes
  .filter((r) => !r.url.startsWith('/api/docs'))
  .map(
    (r) =>
      `| ${r.method} | \`${r.url}\` | ${r.access}${r.upload ? ' (upload)' : ''} | ${r.source ? `\`${r.source}\`` : ''} |`,
  );
const text = [
  '# API routes',
  '',
  'Every API route, who may call it and the file under `apps/server/src/` that registers it.',
  'Generated from the running app by `npm run routes`; `npm run check` fails when it is stale.',
  'Access: `public` anyone; `authenticated` any signed-in user; `client-owner` a customer for',
  'their own data or staff; otherwise the staff permission (`packages/shared/src/permissions.ts`).',
  'The OpenAPI description is served at `/api/docs`.',
  '',
  '| Method | URL | Access | Served by |',
  '|---|---|---|---|',
  ...rows,
  '',
].join('\n');

if (check) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== text) {
    console.error('docs/routes.md is stale: run `npm run routes` and commit it.');
    process.exit(1);
  }
  console.log(`docs/routes.md lists all ${rows.length} routes.`);
} else {
  writeFileSync(target, text);
  console.log(`Wrote docs/routes.md: ${rows.length} routes.`);
}
