import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';
import {
  prepareTemplate,
  SHARED_SERVERS_ENV,
  startServer,
  type RunningServer,
  type SharedRun,
} from './server.ts';

/**
 * Once per run of the browser tests (docs/testing.md):
 * - a database migrated and seeded once, which every server of a file's own copies instead of
 *   migrating and seeding again;
 * - one server, which the files that use sharedServer() share, and one Chromium per worker.
 * The files read them from the environment, which the workers inherit.
 */
export default async function setup({ config }: { config: { maxWorkers: number } }) {
  const template = await prepareTemplate();
  Object.assign(process.env, template.env);
  let server: RunningServer | undefined;
  const browsers: BrowserServer[] = [];
  try {
    // Every file uploads from 127.0.0.1: the per-address limit is not under test here.
    server = await startServer({ UPLOAD_RATE_LIMIT_PER_MINUTE: '1000' });
    for (let i = 0; i < Math.max(1, config.maxWorkers); i++) {
      browsers.push(
        await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
      );
    }
  } catch (error) {
    await Promise.all([server?.stop(), ...browsers.map((b) => b.close())]);
    await template.remove();
    throw error;
  }
  const shared: SharedRun = {
    server: {
      url: server.url,
      dataDir: server.dataDir,
      adminEmail: server.adminEmail,
      adminPassword: server.adminPassword,
    },
    browserEndpoints: browsers.map((b) => b.wsEndpoint()),
  };
  process.env[SHARED_SERVERS_ENV] = JSON.stringify(shared);

  return async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await server.stop();
    await template.remove();
  };
}
