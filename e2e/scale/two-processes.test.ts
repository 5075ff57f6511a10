import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, apiStaffLogin } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import type { RunningServer } from '../support/server.ts';
import { createCoordinator, signUpCustomer } from '../checkout/helpers.ts';
import { placePaidOrder } from '../customer/helpers.ts';
import {
  createTestDatabase,
  eventually,
  postgresReachable,
  PG_ADMIN_URL,
  root,
  startProcess,
  type ServerProcess,
  type TestDatabase,
} from './processes.ts';

// Two built servers on two ports, one PostgreSQL database: what one process does, the other
// sees. PostgreSQL is required (CI has it); without it the file is skipped, saying why.
const reachable = await postgresReachable();
if (!reachable) {
  console.warn(
    `SKIPPED e2e/scale/two-processes: PostgreSQL is not reachable at ${PG_ADMIN_URL} ` +
      '(set TEST_DATABASE_URL to a role that may create databases).',
  );
}

const ADMIN_EMAIL = 'scale-admin@example.com';
const ADMIN_PASSWORD = 'scale admin password';

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let browser: TestBrowser | undefined;
// One S3-compatible store (s3rver from npm, on 127.0.0.1) for both processes' uploads.
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  options: Record<string, unknown>,
) => S3rverInstance;
let s3rver: S3rverInstance | undefined;
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'noise-scale-s3-'));
const asServer = (p: ServerProcess) => ({ url: p.url }) as RunningServer;

async function get(p: ServerProcess, path: string, token?: string) {
  return fetch(`${p.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe.skipIf(!reachable)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase('scale');
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'scale-uploads' }],
    });
    const { port: s3Port } = await s3rver.run();
    const env = {
      S3_BUCKET: 'scale-uploads',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      DATABASE_URL: database.url,
      TOKEN_SECRET: randomBytes(36).toString('base64url'),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Both job runners poll often, so they race for the same due work.
      JOBS_POLL_INTERVAL_MS: '150',
    };
    // Started together: both migrate, seed and ensure the admin at once, under their locks.
    [a, b] = await Promise.all([startProcess({ env }), startProcess({ env })]);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await s3rver?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('are two processes that both answer, on a database migrated and seeded once', async () => {
    expect(a.pid).not.toBe(b.pid);
    expect(a.port).not.toBe(b.port);
    for (const p of [a, b]) {
      const res = await get(p, '/readyz');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'postgres' });
    }
    const [services] = await database.query<{ n: number }>(
      'select count(*)::int as n from services',
    );
    expect(services!.n).toBe(20);
    const admins = await database.query<{ email: string }>(
      "select email from users where role = 'super-admin'",
    );
    expect(admins).toEqual([{ email: ADMIN_EMAIL }]);
    const migrations = await database.query<{ n: number }>(
      'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
    );
    expect(migrations[0]!.n).toBeGreaterThan(0);
    expect(migrations[0]).toMatchObject({ d: migrations[0]!.n });
  });

  it('accepts a sign-in made on one process on the other, and a sign-out too', async () => {
    const email = `across-${randomBytes(4).toString('hex')}@example.com`;
    const token = await apiSignUp(a.url, { firstName: 'Ada', lastName: 'Across', email });
    const onB = await get(b, '/api/auth/user', token);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { email: string }).email).toBe(email);

    const staff = await apiStaffLogin(b.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await get(a, '/api/users/clients', staff)).status).toBe(200);

    const out = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(204);
    expect((await get(b, '/api/auth/user', token)).status).toBe(401);
  });

  it('counts failed sign-ins and limited attempts once across both processes', async () => {
    const email = `guessed-${randomBytes(4).toString('hex')}@example.com`;
    const token = await apiSignUp(a.url, { firstName: 'Gus', lastName: 'Guessed', email });
    const signIn = (p: ServerProcess, password: string) =>
      fetch(`${p.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password }),
      });
    // AUTH_ACCOUNT_MAX_FAILURES is 10: five on each process pause the account on both.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(i % 2 ? b : a, `wrong guess ${i}`)).status).toBe(401);
    }
    for (const p of [a, b]) {
      const paused = await signIn(p, 'wrong guess 10');
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(800);
    }

    // The current password on a password change: 10 guesses a minute per account, all told.
    const guess = (p: ServerProcess, i: number) =>
      fetch(`${p.url}/api/users/password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ currentPassword: `guess ${i}`, newPassword: 'what a thief wants' }),
      });
    for (let i = 0; i < 10; i++) expect((await guess(i % 2 ? a : b, i)).status).toBe(401);
    const limited = await guess(a, 10);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many attempts/);
  });

  it('shows a catalogue change made through one process on the other at once', async () => {
    const staff = await apiStaffLogin(a.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = (await (await get(b, '/api/industries')).json()) as {
      _id: string;
      title: string;
      link: string;
    }[];
    const industry = list[0]!;
    // Read on B first, so anything B keeps in memory is warm with the old title.
    const warm = (await (await get(b, `/api/industries/${industry._id}`)).json()) as {
      title: string;
    };
    expect(warm.title).toBe(industry.title);

    const title = `Renamed ${randomBytes(3).toString('hex')}`;
    const form = new FormData();
    form.append('title', title);
    form.append('link', industry.link);
    const put = await fetch(`${a.url}/api/industries/${industry._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${staff}` },
      body: form,
    });
    expect(put.status, await put.clone().text()).toBe(200);

    // "At once": B answers with the new title within a second (a cache must be told, not expire).
    await eventually(
      async () => {
        const one = (await (await get(b, `/api/industries/${industry._id}`)).json()) as {
          title: string;
        };
        const all = (await (await get(b, '/api/industries')).json()) as { title: string }[];
        return one.title === title && all.some((i) => i.title === title);
      },
      1000,
      'process B shows the industry renamed through process A',
    );
  });

  it('serves a file uploaded through one process from the other (one bucket)', async () => {
    const staff = await apiStaffLogin(a.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const form = new FormData();
    form.append('title', 'Shared Uploads');
    form.append('link', '/services/seo');
    const png = readFileSync(path.join(root, 'apps/server/fixtures/image.png'));
    form.append('featurePhoto', new Blob([png], { type: 'image/png' }), 'photo.png');
    const created = await fetch(`${a.url}/api/industries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}` },
      body: form,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { featurePhoto } = (await created.json()) as { featurePhoto: string };
    expect(featurePhoto).toMatch(/^\/uploads\/.+\.webp$/);

    const served = await get(b, featurePhoto);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it("brings a notification made on one process to a browser connected to the other's stream", async () => {
    const staff = await apiStaffLogin(b.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await fetch(`${b.url}/api/notifications/read-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}` },
    });
    browser = await launchBrowser(b.url);
    const { page } = await browser.newPage({ token: staff });
    const streamOnB = page.waitForResponse(
      (r) => r.url() === `${b.url}/api/notifications/stream` && r.status() === 200,
    );
    await page.goto('/wkm-dashboard');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await streamOnB;

    // The staff action happens on A: a new customer signs up there.
    await apiSignUp(a.url, {
      firstName: 'Cross',
      lastName: 'Process',
      email: `cross-${randomBytes(4).toString('hex')}@example.com`,
    });

    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    await page.getByText('New customer: Cross Process').waitFor();
  });

  it('charges each due renewal once while both job runners race for it', async () => {
    const staff = await apiStaffLogin(a.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const coordinator = await createCoordinator(asServer(a), staff);
    const projectIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Orders through either process: they share one sandbox provider (its rows).
      const server = asServer(i % 2 === 0 ? a : b);
      const customer = await signUpCustomer(server);
      const project = await placePaidOrder(server, customer, {
        serviceId: 'graphic-design',
        packageTitle: 'Design on Call',
        extraTitles: [],
        coordinatorId: coordinator._id,
      });
      projectIds.push(project._id);
    }
    const subscriptions = await database.query<{ id: string }>(
      'select id from subscriptions where project_id = any($1)',
      [projectIds],
    );
    expect(subscriptions).toHaveLength(4);
    const ids = subscriptions.map((s) => s.id);

    // Every period falls due at once; both processes' runners poll every 150 ms.
    await database.query(
      `update subscriptions set next_charge_at = date_trunc('milliseconds', now() - interval '1 minute')
        where id = any($1)`,
      [ids],
    );
    await eventually(
      async () => {
        const rows = await database.query<{ n: number }>(
          'select count(*)::int as n from subscriptions where id = any($1) and next_charge_at > now()',
          [ids],
        );
        return rows[0]!.n === ids.length;
      },
      30_000,
      'every due subscription renewed',
    );
    // Every renewal job has finished (none pending or running for these subscriptions): a
    // second charge could only come from one of them.
    await eventually(
      async () => {
        const rows = await database.query<{ n: number }>(
          `select count(*)::int as n from jobs
            where kind = 'renewal' and payload->>'subscriptionId' = any($1) and status <> 'done'`,
          [ids],
        );
        return rows[0]!.n === 0;
      },
      30_000,
      'every renewal job finished',
    );

    const payments = await database.query<{ subscription_id: string; n: number }>(
      `select subscription_id, count(*)::int as n from payments
        where kind = 'renewal' and subscription_id = any($1) group by subscription_id`,
      [ids],
    );
    expect(payments.map((p) => p.n)).toEqual([1, 1, 1, 1]);
    const charges = await database.query<{ n: number }>(
      `select count(*)::int as n from sandbox_payment_intents
        where metadata->>'kind' = 'renewal' and metadata->>'subscriptionId' = any($1)`,
      [ids],
    );
    expect(charges[0]!.n).toBe(4);
    const jobs = await database.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from jobs
        where kind = 'renewal' and payload->>'subscriptionId' = any($1) group by status`,
      [ids],
    );
    expect(jobs).toEqual([{ status: 'done', n: 4 }]);
  });
});
