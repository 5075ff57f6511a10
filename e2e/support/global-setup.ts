import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';
import {
  prepareTemplate,
  SHARED_SERVERS_ENV,
  startServer,
  type RunningServer,
  type SharedServer,
} from './server.ts';

/**
 * Once per run of the browser tests (docs/testing.md):
 * - a database migrated and seeded once, which every server of a file's own copies instead of
 *   migrating and seeding again;
 * - one server and one Chromium per worker, which the files that use sharedServer() share.
 * The files read both from the environment, which the workers inherit.
 */
export default async function setup({ config }: { config: { maxWorkers: number } }) {
  const template = await prepareTemplate();
  Object.assign(process.env, template.env);
  const workers = Math.max(1, config.maxWorkers);
  const servers: RunningServer[] = [];
  const browsers: BrowserServer[] = [];
  try {
    for (let i = 0; i < workers; i++) {
      // Every file of the worker uploads from 127.0.0.1: the per-address limit is not under test.
      servers.push(await startServer({ UPLOAD_RATE_LIMIT_PER_MINUTE: '1000' }));
      browsers.push(
        await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
      );
    }
  } catch (error) {
    await Promise.all([...servers.map((s) => s.stop()), ...browsers.map((b) => b.close())]);
    await template.remove();
    throw error;
  }
  const shared: SharedServer[] = servers.map((s, i) => ({
    url: s.url,
    dataDir: s.dataDir,
    adminEmail: s.adminEmail,
    adminPassword: s.adminPassword,
    browserEndpoint: browsers[i]!.wsEndpoint(),
  }));
  process.env[SHARED_SERVERS_ENV] = JSON.stringify(shared);

  return async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await Promise.all(servers.map((s) => s.stop()));
    await template.remove();
  };
}
