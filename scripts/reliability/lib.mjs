// Shared pieces of the reliability scripts: start the built server on a data folder of our
// choosing (so it can be killed and started again on the same data), sign people in, and pay
// orders through the real API with the sandbox's 4242 card.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { freePort, root, waitUntilReady } from '../lib/built-server.mjs';

export { root };

/** These scripts measure a build; they never build (others may be building the same tree). */
export function ensureBuilt() {
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` first.`);
    }
  }
}

export const ADMIN = { email: 'reliability-admin@example.com', password: 'reliability admin pw' };

export const makeDataDir = (prefix = 'noise-reliability-') =>
  mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * Spawns apps/server/dist/main.js. `dataDir` is kept across restarts; `databaseUrl` switches to
 * PostgreSQL. Resolves once /readyz answers 200 (unless wait is false).
 */
export async function startServer({ dataDir, databaseUrl, env = {}, wait = true } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // A snapshot of the web build, so a rebuild of the tree meanwhile cannot pull pages away.
  const webDist = `${path.resolve(dataDir)}-web`;
  if (!existsSync(webDist)) {
    cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true, dereference: true });
  }
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      PAYMENT_PROVIDER: 'sandbox',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const server = {
    url,
    pid: child.pid,
    dataDir,
    output: () => output,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (!wait) return server;
  await waitUntilReady(url, child, () => output, 120_000);
  return server;
}

/** Removes a data folder and the web snapshot beside it. */
export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${path.resolve(dir)}-web`, { recursive: true, force: true });
}

export async function api(base, method, urlPath, { token, body } = {}) {
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof FormData)
        ? { 'content-type': 'application/json' }
        : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return JSON.parse(text);
}

export async function signUp(base, i) {
  const email = `reliability-${i}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { token } = await api(base, 'POST', '/api/auth/signup', {
    body: {
      firstName: 'Reli',
      lastName: `Customer ${i}`,
      email,
      phoneNumber: '0412345678',
      password: 'reliability password 1',
    },
  });
  return { token, email };
}

export async function staffLogin(base) {
  return (await api(base, 'POST', '/api/auth/admin-login', { body: ADMIN })).token;
}

export async function createCoordinator(base, staffToken) {
  const form = new FormData();
  form.append('email', `coordinator-${Math.random().toString(36).slice(2, 8)}@example.com`);
  form.append('role', 'co-ordinator');
  form.append('profile[firstName]', 'Cora');
  form.append('profile[lastName]', 'Ordin');
  return (await api(base, 'POST', '/api/users/site-users', { token: staffToken, body: form }))._id;
}

/** The demo catalogue's first one-time and first weekly package, with their services. */
export async function findPackages(base) {
  const found = {};
  for (const summary of await api(base, 'GET', '/api/services')) {
    const service = await api(base, 'GET', `/api/services/${summary._id}`);
    for (const pkg of service.packages) {
      if (pkg.type === 'one-time') found.oneTime ??= { service, pkg };
      if (pkg.type === 'weekly') found.weekly ??= { service, pkg };
    }
    if (found.oneTime && found.weekly) return found;
  }
  throw new Error('the demo catalogue has no one-time and weekly packages');
}

let shared;
async function sharedModules() {
  shared ??= Promise.all([
    tsImport('@noise/shared/payments', import.meta.url),
    tsImport('@noise/shared/sandbox-card', import.meta.url),
  ]).then(([payments, cards]) => ({ payments, cards }));
  return shared;
}

/** The body the payment page sends, paid with the sandbox's 4242 4242 4242 4242 card. */
export async function orderBody({ choice, customer, coordinatorId, extras = 0 }) {
  const { payments, cards } = await sharedModules();
  const card = cards.tokenizeSandboxCard({
    number: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  return payments.orderPaymentRequest({
    service: choice.service,
    package: choice.pkg,
    extras: choice.service.serviceExtras.slice(0, extras),
    coordinatorId,
    customer: { name: 'Reli Customer', email: customer.email },
    companyName: 'Reliability Pty Ltd',
    contactNumber: '0412345678',
    paymentMethodId: card.paymentMethodId,
    idempotencyKey: `chk_${crypto.randomUUID()}`,
  });
}

/** VmRSS and RssAnon (kB) of a process, from /proc. */
export function procMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: field('VmRSS'), anonKb: field('RssAnon') };
}

/** Exact percentiles of a list of numbers. */
export function percentiles(values, ps = [50, 95, 99]) {
  const sorted = Float64Array.from(values).sort();
  const out = {};
  for (const p of ps) {
    out[`p${p}`] = sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
      : NaN;
  }
  return out;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
