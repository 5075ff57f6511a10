import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareTemplate, SHARED_SERVERS_ENV, startServer, type SharedRun } from './server.ts';

/**
 * Once per run of the browser tests (docs/testing.md):
 * - on PostgreSQL, a database migrated and seeded once, which every server of a file's own copies
 *   instead of migrating and seeding again;
 * - one server, which the files that use sharedServer() share;
 * - a folder of the screen shapes axe-core has judged (support/accessibility.ts), so a screen
 *   another file already showed in the same shape is not judged again.
 * The files read them from the environment, which the workers inherit.
 */
export default async function setup() {
  const checkedShapes = mkdtempSync(path.join(tmpdir(), 'e2e-shapes-'));
  process.env.E2E_CHECKED_SHAPES = checkedShapes;
  const template = await prepareTemplate();
  Object.assign(process.env, template.env);
  // Every file uploads from 127.0.0.1: the per-address limit is not under test here.
  const server = await startServer({ UPLOAD_RATE_LIMIT_PER_MINUTE: '1000' }).catch(
    async (error: unknown) => {
      await template.remove();
      throw error;
    },
  );
  const shared: SharedRun = {
    server: {
      url: server.url,
      dataDir: server.dataDir,
      adminEmail: server.adminEmail,
      adminPassword: server.adminPassword,
    },
  };
  process.env[SHARED_SERVERS_ENV] = JSON.stringify(shared);

  return async () => {
    await server.stop();
    await template.remove();
    rmSync(checkedShapes, { recursive: true, force: true });
  };
}
