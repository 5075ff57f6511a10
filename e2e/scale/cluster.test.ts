import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, apiStaffLogin } from '../support/api.ts';
import {
  createTestDatabase,
  eventually,
  getStatus,
  isAlive,
  postgresReachable,
  PG_ADMIN_URL,
  runToExit,
  startProcess,
  type ServerProcess,
  type TestDatabase,
} from './processes.ts';

// `npm start` (scripts/start.mjs) with WORKERS=2: one primary, two workers on one port.
const reachable = await postgresReachable();
if (!reachable) {
  console.warn(
    `SKIPPED the PostgreSQL part of e2e/scale/cluster: PostgreSQL is not reachable at ${PG_ADMIN_URL} ` +
      '(set TEST_DATABASE_URL to a role that may create databases).',
  );
}

interface LogLine {
  pid: number;
  msg: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}

function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('WORKERS on the embedded database', () => {
  it('refuses to start more than one process, saying why', async () => {
    const { code, output } = await runToExit({ WORKERS: '2', PORT: '0' }, 'scripts/start.mjs');
    expect(code).toBe(1);
    expect(output).toContain(
      'WORKERS: 2 processes need DATABASE_URL (PostgreSQL); the embedded database serves one process only',
    );
    expect(output).not.toContain('Server listening');
  });
});

describe.skipIf(!reachable)('WORKERS=2 on PostgreSQL', () => {
  let database: TestDatabase;
  let cluster: ServerProcess;
  const adminEmail = 'cluster-admin@example.com';
  const adminPassword = 'cluster admin password';

  const workerPids = () =>
    [
      ...new Set(
        logLines(cluster.output())
          .filter((l) => l.msg.startsWith('Server listening'))
          .map((l) => l.pid),
      ),
    ].sort();

  beforeAll(async () => {
    database = await createTestDatabase('cluster');
    cluster = await startProcess({
      script: 'scripts/start.mjs',
      env: {
        WORKERS: '2',
        DATABASE_URL: database.url,
        TOKEN_SECRET: randomBytes(36).toString('base64url'),
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        // Request lines carry each process's pid: which worker answered.
        LOG_LEVEL: 'info',
        LOG_REQUESTS: 'true',
      },
    });
    await eventually(async () => workerPids().length === 2, 60_000, 'both workers listening');
  });

  afterAll(async () => {
    // SIGTERM: the start script passes it on, so no worker outlives a failed test.
    await cluster?.stop('SIGTERM');
    await database?.drop();
  });

  it('seeds and ensures the admin once, in the primary, before forking', () => {
    const lines = logLines(cluster.output());
    const primary = lines.find((l) => l.msg === 'primary started its workers');
    expect(primary).toBeDefined();
    const seeded = lines.filter((l) => l.msg === 'demo catalogue seeded');
    expect(seeded.map((l) => l.pid)).toEqual([primary!.pid]);
    const ensured = lines.filter((l) => l.msg === 'super-admin ensured from ADMIN_EMAIL');
    expect(ensured.map((l) => l.pid)).toEqual([primary!.pid]);
    expect(workerPids()).not.toContain(primary!.pid);
  });

  it('answers on one port from both workers, with one sign-in valid on each', async () => {
    const token = await apiSignUp(cluster.url, {
      firstName: 'Clu',
      lastName: 'Ster',
      email: `cluster-${randomBytes(4).toString('hex')}@example.com`,
    });
    const before = cluster.output().length;
    // A new connection each time: the primary hands connections to the workers in turn.
    for (let i = 0; i < 12; i++) {
      expect(
        await getStatus(`${cluster.url}/api/auth/user`, { authorization: `Bearer ${token}` }),
      ).toBe(200);
    }
    const answered = await eventually(
      async () => {
        const pids = new Set(
          logLines(cluster.output().slice(before))
            .filter((l) => l.msg === 'request completed' && l.res?.statusCode === 200)
            .map((l) => l.pid),
        );
        return pids.size === 2 ? [...pids].sort() : undefined;
      },
      5000,
      'request lines from two workers',
    );
    expect(answered).toEqual(workerPids());
    expect(await apiStaffLogin(cluster.url, adminEmail, adminPassword)).toMatch(/\S+/);
  });

  it('replaces a worker that dies', async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, 'SIGKILL');
    // A third worker pid starts listening, and the killed one is gone (reaped by the primary).
    await eventually(
      async () => workerPids().length === 3 && !isAlive(victim!),
      30_000,
      'a new worker listening in place of the killed one',
    );
    const alive = workerPids().filter((pid) => isAlive(pid));
    expect(alive).toHaveLength(2);
    expect(alive).toContain(survivor);
    for (let i = 0; i < 4; i++) expect(await getStatus(`${cluster.url}/readyz`)).toBe(200);
  });

  it('stops every worker gracefully on SIGTERM, then itself, ending open event streams', async () => {
    const workers = workerPids().filter((pid) => isAlive(pid));
    expect(workers).toHaveLength(2);
    // Open notification streams (long-lived responses) must not hold the shutdown up.
    const token = await apiSignUp(cluster.url, {
      firstName: 'Open',
      lastName: 'Stream',
      email: `stream-${randomBytes(4).toString('hex')}@example.com`,
    });
    const streams = await Promise.all(
      [0, 1].map(async () => {
        const res = await fetch(`${cluster.url}/api/notifications/stream`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        const first = await reader.read();
        expect(new TextDecoder().decode(first.value)).toContain('event: unread');
        return reader;
      }),
    );

    const code = await cluster.stop('SIGTERM');
    expect(code).toBe(0);
    // Each stream was ended by its worker (a clean end, not a reset connection).
    for (const reader of streams) {
      for (;;) if ((await reader.read()).done) break;
    }
    const lines = logLines(cluster.output());
    expect(lines.some((l) => l.msg === 'workers did not stop in time; killing them')).toBe(false);
    for (const pid of workers) {
      expect(isAlive(pid)).toBe(false);
      expect(lines.some((l) => l.pid === pid && l.msg === 'shutting down')).toBe(true);
    }
    expect(lines.some((l) => l.msg === 'all workers stopped')).toBe(true);
    expect(await getStatus(`${cluster.url}/healthz`)).toBe(0);
  });
});
