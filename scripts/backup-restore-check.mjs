#!/usr/bin/env node
// Backup and restore, tested end to end on PostgreSQL (docs/deploy.md quotes its output):
//   1. a fresh database with the built server on it, and real data made through the API
//      (a customer with a password, a co-ordinator, a paid order);
//   2. pg_dump of that database while the server keeps running;
//   3. pg_restore into a new, empty database;
//   4. the built server started on the restored copy;
//   5. the site checked there: a service page, the catalogue, the customer's sign-in and project
//      list, the staff sign-in and sales list, and equal row counts.
// Both databases are dropped at the end. Needs `npm run build` first, pg_dump and pg_restore on
// PATH, and a role that may create databases:
//   BACKUP_CHECK_DATABASE_URL (or TEST_DATABASE_URL), default postgres://postgres@127.0.0.1:5432/test
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

// The shared package is TypeScript: the same request builders the web app uses.
register();
const { orderPaymentRequest } = await import('@noise/shared/payments');
const { tokenizeSandboxCard } = await import('@noise/shared/sandbox-card');

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl =
  process.env.BACKUP_CHECK_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const suffix = randomBytes(4).toString('hex');
const sourceDb = `noise_backup_src_${suffix}`;
const restoredDb = `noise_backup_dst_${suffix}`;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'noise-backup-'));
const tokenSecret = randomBytes(36).toString('base64url');
const admin = { email: 'backup-admin@example.com', password: 'backup admin password' };
const customer = {
  email: `backup-customer-${suffix}@example.com`,
  password: 'customer password 123',
};

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const dbUrl = (name) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
let failures = 0;
const check = (ok, label) => {
  console.log(`   ${ok ? 'ok  ' : 'FAIL'} ${label}`);
  if (!ok) failures += 1;
};

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const countedTables = [
  'users',
  'services',
  'service_packages',
  'pages',
  'industries',
  'projects',
  'payments',
  'subscriptions',
  'jobs',
  'sessions',
];

async function countRows(client) {
  const counts = {};
  for (const table of countedTables) {
    const { rows } = await client.query(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0].n;
  }
  return counts;
}

async function rowCounts(name) {
  const client = new pg.Client({ connectionString: dbUrl(name) });
  await client.connect();
  try {
    return await countRows(client);
  } finally {
    await client.end();
  }
}

// The running server keeps writing after it answers (mail and notification jobs), so the counts
// to compare with are those of the dump's own snapshot: one repeatable-read transaction exports
// its snapshot, counts inside it, and pg_dump reads the same snapshot while it stays open.
async function openSnapshot(name) {
  const client = new pg.Client({ connectionString: dbUrl(name) });
  await client.connect();
  await client.query('begin isolation level repeatable read read only');
  const { rows } = await client.query('select pg_export_snapshot() as id');
  const counts = await countRows(client);
  return {
    id: rows[0].id,
    counts,
    close: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const servers = [];
async function startServer(database) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(workDir, 'data-'));
  const started = Date.now();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: dbUrl(database),
      TOKEN_SECRET: tokenSecret,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      JOBS_POLL_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  servers.push(server);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 90_000) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { ...server, startMs: Date.now() - started };
}

async function api(server, method, urlPath, token, body) {
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

function run(command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr}`);
  return Date.now() - started;
}

async function main() {
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('No build: run `npm run build` first.');
  }
  const version = (await adminQuery('show server_version')).rows[0].server_version;
  const dumpVersion = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).stdout.trim();
  const where = new URL(adminUrl);
  console.log(`PostgreSQL ${version} at ${where.hostname}:${where.port || 5432}; ${dumpVersion}`);

  // 1. The source: a running server and real data.
  await adminQuery(`create database ${sourceDb}`);
  const source = await startServer(sourceDb);
  console.log(`1. source database ${sourceDb}: server ready in ${seconds(source.startMs)}`);
  const staffToken = (
    await api(source, 'POST', '/api/auth/admin-login', null, {
      email: admin.email,
      password: admin.password,
    })
  ).token;
  const coordinatorForm = new FormData();
  coordinatorForm.append('email', `backup-coordinator-${suffix}@example.com`);
  coordinatorForm.append('role', 'co-ordinator');
  coordinatorForm.append('profile[firstName]', 'Cora');
  coordinatorForm.append('profile[lastName]', 'Backup');
  const coordinator = await api(
    source,
    'POST',
    '/api/users/site-users',
    staffToken,
    coordinatorForm,
  );
  const customerToken = (
    await api(source, 'POST', '/api/auth/signup', null, {
      firstName: 'Bea',
      lastName: 'Backup',
      email: customer.email,
      phoneNumber: '0412345678',
      password: customer.password,
    })
  ).token;
  const service = await api(source, 'GET', '/api/services/graphic-design', customerToken);
  const pkg = service.packages.find((p) => p.type === 'weekly');
  const card = tokenizeSandboxCard({ number: '4242424242424242', expiry: '12/40', cvc: '123' });
  const order = await api(
    source,
    'POST',
    '/api/payments/handle-payment',
    customerToken,
    orderPaymentRequest({
      service,
      package: pkg,
      extras: [],
      coordinatorId: coordinator._id,
      customer: { name: 'Bea Backup', email: customer.email },
      companyName: 'Backup Brewing',
      contactNumber: '0412345678',
      paymentMethodId: card.paymentMethodId,
      idempotencyKey: `chk_${randomBytes(12).toString('hex')}`,
    }),
  );
  if (!order.success) throw new Error('the order was not paid');
  console.log(
    `   made through the API: a customer with a password, a co-ordinator, a paid ${pkg.type} order (${service.title}: ${pkg.title})`,
  );

  // 2. The backup, taken while the server runs (pg_dump reads one consistent snapshot).
  const snapshot = await openSnapshot(sourceDb);
  const before = snapshot.counts;
  const dumpFile = path.join(workDir, `${sourceDb}.dump`);
  let dumpMs;
  try {
    dumpMs = run('pg_dump', [
      '--format=custom',
      `--snapshot=${snapshot.id}`,
      `--file=${dumpFile}`,
      dbUrl(sourceDb),
    ]);
  } finally {
    await snapshot.close();
  }
  const dumpKb = Math.round(statSync(dumpFile).size / 1024);
  console.log(
    `2. pg_dump --format=custom while the server runs: ${dumpKb} KB in ${seconds(dumpMs)}`,
  );

  // 3. The restore, into an empty database.
  await adminQuery(`create database ${restoredDb}`);
  const restoreMs = run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${dbUrl(restoredDb)}`,
    dumpFile,
  ]);
  console.log(`3. pg_restore into the empty database ${restoredDb}: ${seconds(restoreMs)}`);
  await source.stop();

  // 4. The server on the copy.
  const restored = await startServer(restoredDb);
  console.log(`4. server on the restored database ready in ${seconds(restored.startMs)}`);

  // 5. The site works on the copy.
  console.log('5. checks on the restored site:');
  const page = await fetch(`${restored.url}/services/graphic-design`);
  check(
    page.status === 200 && (page.headers.get('content-type') ?? '').startsWith('text/html'),
    `service page /services/graphic-design answers ${page.status} ${page.headers.get('content-type')}`,
  );
  const services = await api(restored, 'GET', '/api/services');
  check(
    services.length === before.services,
    `catalogue: ${services.length} services, as before the backup`,
  );
  const signIn = await fetch(`${restored.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: customer.email, password: customer.password }),
  });
  check(signIn.status === 200, `the customer signs in with their password (${signIn.status})`);
  const token = signIn.ok ? (await signIn.json()).token : '';
  const projects = token ? await api(restored, 'GET', '/api/projects', token) : [];
  const list = Array.isArray(projects) ? projects : (projects.items ?? projects.projects ?? []);
  check(
    list.some((p) => p._id === order.projectId),
    `the customer's project list has the order (${list.length} project)`,
  );
  const oldToken = await fetch(`${restored.url}/api/auth/user`, {
    headers: { authorization: `Bearer ${customerToken}` },
  });
  check(
    oldToken.status === 200,
    `a sign-in made before the backup still works with the same TOKEN_SECRET (${oldToken.status})`,
  );
  const staff = await fetch(`${restored.url}/api/auth/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  check(staff.status === 200, `staff sign in (${staff.status})`);
  const sales = staff.ok
    ? await api(restored, 'GET', '/api/projects-all', (await staff.json()).token)
    : [];
  const saleList = Array.isArray(sales) ? sales : (sales.items ?? sales.projects ?? []);
  check(
    saleList.some((p) => p._id === order.projectId),
    'the sale is in the staff sales list',
  );
  const after = await rowCounts(restoredDb);
  // Signing in on the copy adds sessions; every other table is as it was.
  const { sessions: _s1, ...beforeRest } = before;
  const { sessions: _s2, ...afterRest } = after;
  check(
    JSON.stringify(beforeRest) === JSON.stringify(afterRest),
    `row counts equal: ${Object.entries(afterRest)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  await restored.stop();
}

let error;
try {
  await main();
} catch (e) {
  error = e;
} finally {
  await Promise.all(servers.map((s) => s.stop().catch(() => {})));
  for (const name of [sourceDb, restoredDb]) {
    await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {});
  }
  rmSync(workDir, { recursive: true, force: true });
}
if (error) {
  console.error(`backup-restore-check: FAILED: ${error.message ?? error}`);
  process.exit(1);
}
if (failures > 0) {
  console.error(`backup-restore-check: FAILED (${failures} check(s))`);
  process.exit(1);
}
console.log('backup-restore-check: OK (both databases dropped)');
