import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * What the run's global set-up made once on PostgreSQL (support/global-setup.ts), handed to the
 * test files through the environment: a migrated and seeded database to copy, so a server of a
 * test file's own skips migrations and the demo seed.
 */
const TEMPLATE_DATABASE = 'E2E_TEMPLATE_DATABASE';
/** The server the run's files share (support/global-setup.ts). */
const SHARED_SERVERS = 'E2E_SHARED_SERVERS';

/** A database of its own when TEST_DATABASE_URL is set (PostgreSQL); otherwise PGlite in DATA_DIR. */
export async function createDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { drop: async () => {} };
  const name = `e2e_${Math.random().toString(36).slice(2, 12)}`;
  const template = process.env[TEMPLATE_DATABASE];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Makes the copies' source on PostgreSQL: a server started once on a fresh database, then
 * stopped. On PGlite each server migrates and seeds its own folder, as starting the template
 * first would make every other start wait for it.
 */
export async function prepareTemplate(): Promise<{
  env: Record<string, string>;
  remove: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { env: {}, remove: async () => {} };
  const name = `e2e_template_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (query: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(query);
    await admin.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = await startServer({ DATABASE_URL: url.toString() });
  await server.stop();
  return {
    env: { [TEMPLATE_DATABASE]: name },
    remove: () => run(`drop database if exists ${name} with (force)`),
  };
}

/** What the run's global set-up started for the files to share (support/global-setup.ts). */
export interface SharedRun {
  server: Omit<RunningServer, 'output' | 'stop'>;
}

/**
 * The run's shared server, started once by the global set-up. For a file that needs no settings
 * of its own and makes its own data through the API (unique emails and names), so it does not
 * care what other files did before it or do beside it. A file that changes what every visitor
 * sees (the catalogue, the navigation), counts the shop's sales or needs its own settings starts
 * its own server (startServer).
 */
export function sharedServer(): RunningServer {
  const shared = sharedRun();
  if (!shared) {
    throw new Error(
      'no shared server: run the browser tests through e2e/vitest.config.ts (its global set-up starts it)',
    );
  }
  return {
    ...shared.server,
    output: () => '(the shared server writes to the run’s own output)',
    stop: async () => {},
  };
}

/** What the global set-up started, when the run has one. */
export function sharedRun(): SharedRun | undefined {
  const run = process.env[SHARED_SERVERS];
  return run ? (JSON.parse(run) as SharedRun) : undefined;
}

export const SHARED_SERVERS_ENV = SHARED_SERVERS;

/**
 * Starts the built server (apps/server/dist, apps/web/dist) on a free port with a fresh data
 * folder and the demo catalogue, and waits until it answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-e2e-'));
  const database = env.DATABASE_URL ? { drop: async () => {} } : await createDatabase();
  const url = `http://127.0.0.1:${port}`;
  const adminEmail = 'staff-admin@example.com';
  const adminPassword = 'e2e admin password';
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // The webhook tests' receiver listens on this machine.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // Mail and webhook deliveries are jobs: tests that wait for one wait less for the poll.
        JOBS_POLL_INTERVAL_MS: '1000',
        // A contact page, so the pages and mails that link it have one (none is set by default).
        CONTACT_URL: 'https://agency.example/contact',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    adminEmail,
    adminPassword,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
