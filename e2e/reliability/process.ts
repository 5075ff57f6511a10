import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { freePort } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { email: 'crash-admin@example.com', password: 'crash admin password' };

/**
 * Where the data lives across restarts: one DATA_DIR, and a PostgreSQL database of its own
 * when TEST_DATABASE_URL is set (otherwise PGlite in DATA_DIR/pglite).
 */
export interface Store {
  dataDir: string;
  databaseUrl?: string;
  /** Runs SQL on the data. With PGlite the folder is opened directly: only while no server runs. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  remove(): Promise<void>;
}

export async function createStore(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-crash-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (adminUrl) {
    name = `crash_${Math.random().toString(36).slice(2, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          return (await client.query(sql, params)).rows as T[];
        } finally {
          await client.end();
        }
      }
      const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      try {
        return (await db.query<T>(sql, params)).rows;
      } finally {
        await db.close();
      }
    },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && name) {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      }
    },
  };
}

export interface ServerProcess {
  url: string;
  pid: number;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

const SERVER_MAIN = path.join(root, 'apps/server/dist/main.js');

function serverEnv(store: Store, port: number, url: string, env: Record<string, string>) {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    PUBLIC_URL: url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    PAYMENT_PROVIDER: 'sandbox',
    JOBS_POLL_INTERVAL_MS: '0',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ...env,
  };
}

/** Spawns the built server on the store. Does not wait for it to answer (see waitReady). */
export async function spawnServer(
  store: Store,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: root,
    env: serverEnv(store, port, url, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    url,
    pid: child.pid!,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The built server under a parent that never collects its children, as a shell or a process
 * supervisor may be slow to: killed, the server stays a zombie (its pid still answers signals)
 * until `release` ends that parent. `kill` signals the server and does not wait: nobody reaps
 * it, so there is no exit to wait for. `exited` is the parent's.
 */
export async function spawnServerUnderLazyParent(
  store: Store,
  env: Record<string, string> = {},
): Promise<ServerProcess & { release(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const parent: ChildProcess = spawn(
    'sh',
    [
      '-c',
      '"$0" "$@" & echo "server pid $!"; exec sleep 3600',
      process.execPath,
      '--enable-source-maps',
      SERVER_MAIN,
    ],
    { cwd: root, env: serverEnv(store, port, url, env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  parent.stdout?.on('data', (d) => (output += d));
  parent.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    parent.once('exit', (code) => resolve(code)),
  );
  let pid = 0;
  for (let i = 0; i < 500 && !pid; i++) {
    pid = Number(/server pid (\d+)/.exec(output)?.[1] ?? 0);
    if (!pid) await new Promise((r) => setTimeout(r, 10));
  }
  if (!pid) throw new Error(`the server did not start:\n${output}`);
  return {
    url,
    pid,
    output: () => output,
    exited,
    async kill(signal) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
      return null;
    },
    async release() {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      await exited;
    },
  };
}

export async function waitReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void server.exited.then(() => (done = true));
  for (;;) {
    if (done) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startServer(store: Store, env: Record<string, string> = {}) {
  const server = await spawnServer(store, env);
  await waitReady(server);
  return server;
}
