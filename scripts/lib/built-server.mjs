// Starts the built server (apps/server/dist, apps/web/dist) on a free port with a fresh data
// folder (PGlite, demo catalogue) for the measuring scripts; builds first when there is no build.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Flags that let Debian's Chromium run headless and offline as root. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureBuilt({ force = false } = {}) {
  const built =
    existsSync(path.join(root, 'apps/server/dist/main.js')) &&
    existsSync(path.join(root, 'apps/web/dist/index.html'));
  if (built && !force) return;
  console.error('Building the web app and the server...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export async function startBuiltServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-measure-'));
  const url = `http://127.0.0.1:${port}`;
  // A snapshot of the web build: a rebuild in the working tree meanwhile must not pull the
  // hashed assets from under the page being measured.
  const webDist = path.join(dataDir, 'web');
  cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true, dereference: true });
  // Always the embedded database in a fresh folder: figures must not depend on someone's data.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'measure-admin@example.com',
      ADMIN_PASSWORD: 'measure admin password',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  await waitUntilReady(url, child, () => output, 60_000);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for a started server's /readyz; throws with what it printed when it exits first or is not
 * ready within `timeoutMs` (then it is killed).
 */
export async function waitUntilReady(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
