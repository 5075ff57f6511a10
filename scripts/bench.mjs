// npm run bench: the main endpoints of the built server measured with autocannon, each side by
// side with its limit, a plain node:http server sending the same bytes
// (scripts/bench/limit-server.mjs). On PGlite and on PostgreSQL, with a catalogue and sales
// history made by scripts/generate-data.mjs. Prints requests/s, p50, p97.5 and p99, the ratio
// to the limit, and a one-connection latency run; writes the tables into docs/performance.md.
// Options:
//   --db both|pglite|postgres   (PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, a role that
//                                may create databases; a fresh database is made and dropped)
//   --duration 10 --connections 10 --rounds 5 (the server and its limit alternate in rounds of
//   duration/rounds seconds) --latency-duration 5
//   --services 10000 --sales 100000 --customer-sales 1000
//   --only name,name  (targets whose name contains one of these)   --no-write (leave the docs)
//   --only conversations  (a long thread and a large Inbox instead: scripts/bench/conversations.mjs)
//   --prepared-replay  (PostgreSQL: the replay prepares every statement, not only those the
//                       server prepares: the database's work at its least, docs/decisions/113)
//   --workers 2  (PostgreSQL only: the server runs WORKERS=2; its tables have their own markers)
//   --sales 10000,100000,1000000  (a sweep: the staff overview and the reports only, their
//                                  one-connection p50 at each number of sales, and its growth
//                                  from the smallest to the largest against the 1.5x target;
//                                  the revenue report's also against a p50 ceiling at the most)
// Requires `npm run build` (done when missing).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  checkoutPlan,
  openReplayDatabase,
  percentile,
  readPlan,
  replayFor,
} from './bench/replay-limit.mjs';
import { markdownTable, writePerformanceBlocks } from './bench/performance-doc.mjs';
import { generate, root, startLimitServer, startServer } from './bench/server.mjs';
import { loadTools } from './lib/tools.mjs';

const { autocannon } = await loadTools();

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    'latency-duration': { type: 'string', default: '5' },
    services: { type: 'string', default: '10000' },
    sales: { type: 'string', default: '100000' },
    'customer-sales': { type: 'string', default: '1000' },
    only: { type: 'string' },
    workers: { type: 'string', default: '1' },
    'prepared-replay': { type: 'boolean', default: false },
    write: { type: 'boolean', default: true },
    'no-write': { type: 'boolean', default: false },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const LATENCY_DURATION = Number(values['latency-duration']);
const ROUNDS = Math.max(1, Number(values.rounds));
const WORKERS = Number(values.workers);
/** A read keeps at least this share of its own SQL's throughput, replayed (docs/performance.md). */
const READ_TARGET = 0.6;
/** The checkout's share of its own SQL's throughput, with a code or without. */
const CHECKOUT_TARGET = 0.7;
/** A p97.5 may be at most this many times its database work's alone (replay limits). */
const LATENCY_TARGET = 1.5;
/** A cached public read against the plain server sending the same bytes. */
const CACHED_TARGET = 0.85;
/** Messages on the bench customer's first project (gen-p-1): the project page's thread. */
const PROJECT_MESSAGES = 200;
const BENCH_PROJECT = 'gen-p-1';
/** A service page the server drew, against the plain server sending the same bytes. */
const DRAWN_TARGET = 0.85;
const CHECKOUT_PATH = '/api/payments/handle-payment';
const CHECKOUT_WITH_CODE = 'POST /api/payments/handle-payment with a 10% code';
/** What the name of the service page the server draws ends with. */
const DRAWN = 'drawn by the server';
/** What the names of endpoints measured against a replay of their own SQL end with. */
const REPLAYED = 'limit: its SQL alone';
/** A checkout with a discount code keeps at least this share of the throughput without one. */
const CODE_CHECKOUT_TARGET = 0.9;
const ENCODING = 'gzip, deflate, br';
const STAFF = { email: 'bench@example.com', password: 'bench password' };
const COORDINATOR = { email: 'bench-coordinator@example.com', password: 'bench password' };
/** The sweep's target: one-connection p50 at the most sales within this of the fewest. */
const GROWTH_TARGET = 1.5;
/** The sweep's one connection, kept alive from request to request. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
let requestCounter = 0;

if (
  !existsSync(`${root}apps/server/dist/main.js`) ||
  !existsSync(`${root}apps/web/dist/index.html`)
) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const kinds =
  WORKERS > 1 ? ['postgres'] : values.db === 'both' ? ['pglite', 'postgres'] : [values.db];
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SWEEP = values.sales.split(',').map(Number);
if (values.only === 'conversations') {
  const { benchConversations } = await import('./bench/conversations.mjs');
  await benchConversations({
    kinds,
    adminUrl,
    seconds: LATENCY_DURATION,
    rounds: ROUNDS,
    write: values.write && !values['no-write'],
  });
  process.exit(0);
}
const results = {};
for (const kind of kinds) {
  if (kind === 'postgres' && !adminUrl) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    continue;
  }
  results[kind] = SWEEP.length > 1 ? await sweepOn(kind) : await benchOn(kind);
}
if (values.write && !values['no-write']) {
  if (SWEEP.length > 1) writeSweepDocs(results);
  else writeDocs(results);
}

async function benchOn(kind) {
  const prepared = await prepare(kind, values.sales, { record: true });
  try {
    const server = await startServer({ ...prepared.env, WORKERS: String(WORKERS) });
    console.log(`server ready in ${server.readyMs} ms`);
    try {
      return await measure(server.base, prepared);
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.remove();
  }
}

/**
 * A fresh database with the demo catalogue, the bench customer and co-ordinator, and `sales`
 * generated sales; the server stopped. With `record`, three checkouts and the reads of
 * `readTargets` are recorded for their replay limits and, on PGlite, the folder is copied for
 * them (`limitEnv`). `remove()` deletes it all.
 */
async function prepare(kind, sales, options = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-bench-'));
  let dbName;
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  // The checkout's and the reads' statements are written down to be replayed as their limits
  // (replay-limit.mjs), by a server of its own: the measured one does not watch its queries.
  const queryLogFile = path.join(dataDir, 'queries.jsonl');
  // PGlite is one process's: the replay limits run on a copy of the folder.
  const limitEnv = { DATA_DIR: path.join(dataDir, 'limit') };
  if (kind === 'postgres') {
    dbName = `bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
    limitEnv.DATABASE_URL = env.DATABASE_URL;
  }
  console.log(`\n=== ${kind}, ${sales} sales ===`);
  let stopOnFailure;
  const remove = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
  };
  try {
    // 1. A fresh server migrates and seeds the demo catalogue; a customer signs up and the
    //    admin adds a co-ordinator.
    const server = await startServer(env);
    // Stopped on any failure below too, before the database it uses is dropped.
    stopOnFailure = server;
    const signup = await post(server.base, '/api/auth/signup', {
      firstName: 'Bench',
      lastName: 'Customer',
      email: 'bench-customer@example.com',
      phoneNumber: '0412345678',
      password: 'bench password',
    });
    if (!signup.token) throw new Error(`sign-up failed: ${JSON.stringify(signup)}`);
    const admin = await post(server.base, '/api/auth/admin-login', STAFF);
    const form = new FormData();
    form.append('email', COORDINATOR.email);
    form.append('role', 'co-ordinator');
    form.append('password', COORDINATOR.password);
    form.append('profile[firstName]', 'Bench');
    form.append('profile[lastName]', 'Coordinator');
    const added = await fetch(`${server.base}/api/users/site-users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    if (added.status !== 201) throw new Error(`adding the co-ordinator: ${await added.text()}`);
    await server.stop();
    stopOnFailure = undefined;

    // 2. The large catalogue and sales history (the server stopped: PGlite is one process).
    await generate(env, [
      '--services',
      values.services,
      '--sales',
      String(sales),
      '--customer-email',
      'bench-customer@example.com',
      '--customer-sales',
      values['customer-sales'],
      '--coordinator-email',
      COORDINATOR.email,
      '--customer-messages',
      String(PROJECT_MESSAGES),
    ]);
    if (options.record) {
      const recording = await startServer({ ...env, QUERY_LOG_FILE: queryLogFile });
      await recordCheckouts(recording.base);
      await recordReads(recording.base);
      await recording.stop();
    }
    if (!env.DATABASE_URL) {
      cpSync(path.join(dataDir, 'pglite'), path.join(limitEnv.DATA_DIR, 'pglite'), {
        recursive: true,
      });
    }
    return { env, limitEnv, queryLogFile, remove };
  } catch (error) {
    await stopOnFailure?.stop();
    await remove();
    throw error;
  }
}

async function measure(base, prepared) {
  const customer = await post(base, '/api/auth/login', {
    username: 'bench-customer@example.com',
    password: 'bench password',
  });
  const staff = await post(base, '/api/auth/admin-login', STAFF);
  const asCustomer = { authorization: `Bearer ${customer.token}` };
  const asStaff = { authorization: `Bearer ${staff.token}` };
  const pages = await (await fetch(`${base}/api/pages`)).json();
  const serviceId = Number(values.services) >= 4242 ? 'gen-s-4242' : 'seo';
  const checkout = await prepareCheckout(base, asCustomer);
  // A code with no limits: its uses are counted under its lock on every checkout all the same.
  const code = await fetch(`${base}/api/discount-codes`, {
    method: 'POST',
    headers: { ...asStaff, 'content-type': 'application/json' },
    body: JSON.stringify({ code: 'BENCH10', kind: 'percent', percent: 10, startsOn: '2020-01-01' }),
  });
  if (!code.ok) throw new Error(`making the bench code: ${await code.text()}`);
  const checkoutWithCode = await prepareCheckout(base, asCustomer, 'BENCH10');
  const replay = await openReplay(prepared);
  const checkoutLimit = replay.limit(
    checkoutPlan(prepared.queryLogFile, CHECKOUT_PATH),
    'the checkout',
  );

  const terms = ['markting', 'social', 'grafic desgn', 'brand strategy', 'video', 'analytics'];
  const targets = [
    { name: 'GET /healthz (reference)', path: '/healthz' },
    { name: 'GET / (home page HTML)', path: '/' },
    {
      name: `GET /services/${serviceId} (service page ${DRAWN})`,
      path: `/services/${serviceId}`,
      drawn: true,
    },
    {
      name: `GET /api/services/${serviceId}`,
      path: `/api/services/${serviceId}`,
      cached: true,
    },
    { name: 'GET /api/industries', path: '/api/industries', cached: true },
    { name: `GET /api/pages/${pages[0]._id}`, path: `/api/pages/${pages[0]._id}`, cached: true },
    {
      name: 'GET /api/services/search?q=markting',
      path: '/api/services/search?q=markting',
      cached: true,
    },
    {
      name: 'GET /api/services/search, a new term each request (uncached)',
      path: '/api/services/search',
      vary: (n) =>
        `/api/services/search?q=${encodeURIComponent(`${terms[n % terms.length]} ${n}`)}`,
    },
    ...(await readTargets(base)).map((t) => ({
      ...t,
      name: `${t.name} (${REPLAYED})`,
      limit: replay.limit(readPlan(prepared.queryLogFile, t.path), t.name),
    })),
    {
      name: 'POST /api/payments/handle-payment (sandbox checkout; limit: its SQL alone)',
      path: CHECKOUT_PATH,
      method: 'POST',
      headers: { ...asCustomer, 'content-type': 'application/json' },
      body: checkout,
      limit: checkoutLimit,
    },
    {
      name: `${CHECKOUT_WITH_CODE} (limit: its SQL alone, without the code's)`,
      path: CHECKOUT_PATH,
      method: 'POST',
      headers: { ...asCustomer, 'content-type': 'application/json' },
      body: checkoutWithCode,
      limit: checkoutLimit,
    },
  ].filter((t) => !values.only || values.only.split(',').some((o) => t.name.includes(o.trim())));

  // The limit server answers each target with the bytes the real server sends for it.
  const recorded = [];
  for (const t of targets) {
    const res = await rawRequest(base + (t.vary ? t.vary(0) : t.path), t);
    const headers = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) headers[k] = v;
    }
    headers['content-length'] = String(res.body.length);
    recorded.push({
      method: t.method ?? 'GET',
      path: t.path,
      status: res.status,
      headers,
      body: res.body.toString('base64'),
    });
    if (res.status >= 400) console.log(`warning: ${t.name} answered ${res.status}`);
  }
  const recordedFile = path.join(os.tmpdir(), `noise-bench-limit-${process.pid}.json`);
  writeFileSync(recordedFile, JSON.stringify(recorded));
  const limit = await startLimitServer(recordedFile);

  const rows = [];
  const counter = { next: 0 };
  try {
    for (const t of targets) {
      await run(base, t, CONNECTIONS, 2); // warm-up: JIT, caches, connection pool
      if (t.limit) await t.limit(CONNECTIONS, 1, counter); // and the replay's caches
      // The machine may be shared: the server and its limit take turns in short rounds, so a
      // burst of other work weighs on both alike.
      const appRounds = [];
      const plainRounds = [];
      for (let i = 0; i < ROUNDS; i++) {
        appRounds.push(await run(base, t, CONNECTIONS, DURATION / ROUNDS));
        plainRounds.push(
          t.limit
            ? await t.limit(CONNECTIONS, DURATION / ROUNDS, counter)
            : await run(limit.base, t, CONNECTIONS, DURATION / ROUNDS),
        );
      }
      const app = combine(appRounds);
      const plain = combine(plainRounds);
      const single = await run(base, t, 1, LATENCY_DURATION);
      const row = {
        endpoint: t.name,
        'req/s': Math.round(app.requests.average),
        'p50 ms': app.latency.p50,
        'p97.5 ms': app.latency.p97_5,
        'p99 ms': app.latency.p99,
        'limit req/s': Math.round(plain.requests.average),
        'limit p97.5 ms': plain.latency.p97_5,
        ratio: +(app.requests.average / plain.requests.average).toFixed(2),
        '1-conn p50 ms': single.latency.p50,
        '1-conn p99 ms': single.latency.p99,
        errors: app.errors + app.non2xx + single.errors + single.non2xx,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
      if (t.limit) console.log(replayVerdict(row));
      if (t.drawn) console.log(drawnVerdict(row));
      if (t.cached) console.log(cachedVerdict(row));
    }
  } finally {
    await limit.stop();
    await replay.close();
    rmSync(recordedFile, { force: true });
  }
  const plainTarget = targets.find((t) =>
    t.name.startsWith('POST /api/payments/handle-payment (sandbox'),
  );
  const codeTarget = targets.find((t) => t.name.startsWith(CHECKOUT_WITH_CODE));
  if (plainTarget && codeTarget) {
    // The two checkouts take turns in short rounds on the same server, so the machine's other
    // work and the database growing with every checkout weigh on both alike; each round's
    // throughput is compared with its partner's.
    const plainRounds = [];
    const codeRounds = [];
    for (let i = 0; i < ROUNDS * 2; i++) {
      plainRounds.push(await run(base, plainTarget, CONNECTIONS, DURATION / ROUNDS));
      codeRounds.push(await run(base, codeTarget, CONNECTIONS, DURATION / ROUNDS));
    }
    const plain = combine(plainRounds).requests.average;
    const withCode = combine(codeRounds).requests.average;
    const share = withCode / plain;
    console.log(
      `Checkout with a code: ${share.toFixed(2)} of the checkout without one, taking turns on the same server ` +
        `(${withCode.toFixed(1)} against ${plain.toFixed(1)} req/s; target ${CODE_CHECKOUT_TARGET}: ${share >= CODE_CHECKOUT_TARGET ? 'met' : 'missed'}).`,
    );
  }
  console.table(rows);
  return rows;
}

/**
 * The staff figures at each number of sales in --sales: every size's server runs at once and
 * they take turns in short rounds, so other work on the machine weighs on all of them alike.
 * Latency is timed here, to the hundredth of a millisecond (autocannon reports whole ones), one
 * request at a time on one kept-alive connection.
 */
async function sweepOn(kind) {
  const prepared = [];
  const servers = [];
  try {
    for (const sales of SWEEP) prepared.push({ sales, ...(await prepare(kind, sales)) });
    for (const p of prepared) {
      const server = await startServer(p.env);
      console.log(`${p.sales} sales: server ready in ${server.readyMs} ms`);
      servers.push({ sales: p.sales, server, ...(await sweepTargets(server.base)) });
    }
    const rows = [];
    for (const [i, name] of servers[0].targets.map((t) => t.name).entries()) {
      const samples = servers.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [s, { server, targets }] of servers.entries()) {
          if (round === 0) await timeRequests(server.base, targets[i], 1); // warm-up
          samples[s].push(
            ...(await timeRequests(server.base, targets[i], LATENCY_DURATION / ROUNDS)),
          );
        }
      }
      const p50s = samples.map((list) => percentile(list, 0.5));
      const growth = p50s.at(-1) / p50s[0];
      const row = { endpoint: name };
      servers.forEach((s, n) => (row[`p50 ms, ${s.sales} sales`] = +p50s[n].toFixed(2)));
      row[`growth (target ${GROWTH_TARGET}x)`] = +growth.toFixed(2);
      row.met = growth <= GROWTH_TARGET ? 'yes' : 'no';
      // Where growth cannot be flat for an exact answer, a ceiling at the most sales
      // (docs/decisions/084-flat-reads-at-scale.md).
      const ceiling = servers[0].targets[i].maxP50;
      row[`p50 at ${SWEEP.at(-1)} sales`] = ceiling
        ? `< ${ceiling} ms: ${p50s.at(-1) < ceiling ? 'met' : 'missed'}`
        : '';
      row.requests = samples.map((list) => list.length).join(' / ');
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    console.table(rows);
    return rows;
  } finally {
    for (const { server } of servers) await server.stop();
    for (const p of prepared) await p.remove();
  }
}

/**
 * The staff overview (an admin's and a co-ordinator's) and the reports, as the pages ask; and the
 * newer screens: the client's Billing page and a plan's 'Change plan' options (the bench
 * customer's), the invoice list and the request board.
 */
async function sweepTargets(base) {
  const admin = await post(base, '/api/auth/admin-login', STAFF);
  const coordinator = await post(base, '/api/auth/admin-login', COORDINATOR);
  const customer = await post(base, '/api/auth/login', {
    username: 'bench-customer@example.com',
    password: 'bench password',
  });
  const asAdmin = { authorization: `Bearer ${admin.token}` };
  const asCustomer = { authorization: `Bearer ${customer.token}` };
  const billing = await (await fetch(`${base}/api/billing`, { headers: asCustomer })).json();
  const plan =
    billing.subscriptions?.find((s) => s.status === 'active') ?? billing.subscriptions?.[0];
  return {
    targets: [
      { name: 'GET /api/overview (admin)', path: '/api/overview', headers: asAdmin },
      {
        name: 'GET /api/overview (co-ordinator, a tenth of the sales)',
        path: '/api/overview',
        headers: { authorization: `Bearer ${coordinator.token}` },
      },
      {
        name: 'GET /api/reports/revenue (by day, last 30 days, and by service)',
        path: '/api/reports/revenue?granularity=day',
        headers: asAdmin,
        maxP50: 30,
      },
      {
        name: 'GET /api/reports/revenue?granularity=month (last 365 days, and by service)',
        path: '/api/reports/revenue?granularity=month',
        headers: asAdmin,
        maxP50: 60,
      },
      { name: 'GET /api/reports/gst (8 quarters)', path: '/api/reports/gst', headers: asAdmin },
      {
        name: "GET /api/reports/recurring (plans a month, 30 days' renewals, invoices by age)",
        path: '/api/reports/recurring',
        headers: asAdmin,
        maxP50: 50,
      },
      {
        name: 'GET /api/billing (the bench customer’s Billing page)',
        path: '/api/billing',
        headers: asCustomer,
        maxP50: 50,
      },
      ...(plan
        ? [
            {
              name: "GET /api/projects/:id/subscription/plans (a plan's 'Change plan' options)",
              path: `/api/projects/${plan.projectId}/subscription/plans`,
              headers: asCustomer,
              maxP50: 50,
            },
          ]
        : []),
      {
        name: 'GET /api/invoices (the staff invoice list)',
        path: '/api/invoices',
        headers: asAdmin,
        maxP50: 50,
      },
      {
        name: 'GET /api/requests (the request board)',
        path: '/api/requests',
        headers: asAdmin,
        maxP50: 50,
      },
    ],
  };
}

/** Milliseconds each request took, one after the other for `seconds`. */
async function timeRequests(base, t, seconds) {
  const took = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const status = await new Promise((resolve, reject) => {
      const req = http.request(
        base + t.path,
        { agent: keepAlive, headers: { 'accept-encoding': ENCODING, ...t.headers } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.end();
    });
    took.push(performance.now() - started);
    if (status !== 200) throw new Error(`${t.name} answered ${status}`);
  }
  return took;
}

/**
 * Rounds as one run: mean requests/s, the median round's p50, and the worst round's p97.5 and p99
 * (pessimistic: a round disturbed by other work counts in full).
 */
function combine(rounds) {
  const answered = rounds.filter((r) => r.requests.total > 0);
  const sorted = [...answered].sort((a, b) => a.latency.p50 - b.latency.p50);
  const sum = (list, f) => list.reduce((total, r) => total + f(r), 0);
  const worst = (f) => (answered.length ? Math.max(...answered.map(f)) : null);
  return {
    // Over the whole time: a round in which a slow endpoint completed nothing still counts.
    requests: {
      average: sum(rounds, (r) => r.requests.total) / sum(rounds, (r) => r.duration),
    },
    latency: {
      p50: sorted.length ? sorted[Math.floor(sorted.length / 2)].latency.p50 : null,
      p97_5: worst((r) => r.latency.p97_5),
      p99: worst((r) => r.latency.p99),
    },
    errors: sum(rounds, (r) => r.errors),
    non2xx: sum(rounds, (r) => r.non2xx),
  };
}

/** One request through node:http: status, headers and the body still encoded. */
function rawRequest(url, t) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: t.method ?? 'GET', headers: { 'accept-encoding': ENCODING, ...t.headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    if (t.body) req.write(t.body(0));
    req.end();
  });
}

function run(base, t, connections, duration) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + t.path,
        method: t.method ?? 'GET',
        headers: { 'accept-encoding': ENCODING, ...t.headers },
        connections,
        duration,
        requests: [
          {
            setupRequest: (req) => {
              requestCounter += 1;
              if (t.vary) req.path = t.vary(requestCounter);
              if (t.body) req.body = t.body(requestCounter);
              return req;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', () => {});
  });
}

/** The checkout body as the order panel sends it, with a new idempotency key each time. */
async function prepareCheckout(base, headers, discountCode) {
  const service = await (await fetch(`${base}/api/services/seo`)).json();
  const pkg = service.packages.find((p) => p.type === 'one-time') ?? service.packages[0];
  const coordinators = await (await fetch(`${base}/api/users/coordinators`, { headers })).json();
  const coordinator = (Array.isArray(coordinators) ? coordinators : (coordinators.items ?? []))[0];
  const body = (amount, key) =>
    JSON.stringify({
      type: 'normal',
      amount,
      customer: { name: 'Bench Customer', email: 'bench-customer@example.com' },
      payment_method: `pm_sandbox_${randomBytes(6).toString('hex')}_success`,
      idempotencyKey: key,
      projectDetails: {
        serviceId: service._id,
        packageId: pkg._id,
        extras: [],
        coordinator: coordinator?._id ?? coordinator?.id,
        companyName: 'Bench Pty Ltd',
        contactNumber: '0412345678',
        ...(discountCode ? { discountCode } : {}),
      },
    });
  // The server names the amount it expects when another is sent.
  const probe = await fetch(`${base}/api/payments/handle-payment`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: body(1, `bench-probe-${randomBytes(4).toString('hex')}`),
  });
  const detail = JSON.stringify(await probe.json());
  const expected = Number(/Expected (\d+) cents/.exec(detail)?.[1]);
  if (!expected) throw new Error(`checkout probe: ${detail}`);
  const run = randomBytes(4).toString('hex');
  return (n) => body(expected, `bench-${run}-${n}`);
}

/**
 * Three checkouts sent with their statements written down (QUERY_LOG_FILE): the last two make
 * the plan that the checkout's limit replays.
 */
async function recordCheckouts(base) {
  const customer = await post(base, '/api/auth/login', {
    username: 'bench-customer@example.com',
    password: 'bench password',
  });
  const headers = { authorization: `Bearer ${customer.token}` };
  const body = await prepareCheckout(base, headers);
  for (let i = 0; i < 3; i++) {
    const res = await fetch(base + CHECKOUT_PATH, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'x-query-log': 'record' },
      body: body(`record-${i}`),
    });
    if (!res.ok) throw new Error(`recording a checkout: ${res.status} ${await res.text()}`);
  }
  // The line is written once the answer has gone.
  await new Promise((r) => setTimeout(r, 500));
}

/**
 * The reads measured against their own SQL (docs/performance.md): the staff overview, the sales
 * page, a customer's projects, a project page with its messages and the staff Inbox, as the pages
 * ask for them.
 */
async function readTargets(base) {
  const customer = await post(base, '/api/auth/login', {
    username: 'bench-customer@example.com',
    password: 'bench password',
  });
  const staff = await post(base, '/api/auth/admin-login', STAFF);
  const asCustomer = { authorization: `Bearer ${customer.token}` };
  const asStaff = { authorization: `Bearer ${staff.token}` };
  const profile = await (await fetch(`${base}/api/users/profile`, { headers: asCustomer })).json();
  const customerId = profile._id ?? profile.user?._id;
  return [
    {
      name: `GET /api/projects?userId= (customer, ${values['customer-sales']} projects)`,
      path: `/api/projects?userId=${customerId}`,
      headers: asCustomer,
    },
    { name: 'GET /api/overview (staff)', path: '/api/overview', headers: asStaff },
    {
      name: 'GET /api/projects-all?status=on-hold (filtered sales page)',
      path: '/api/projects-all?status=on-hold',
      headers: asStaff,
    },
    {
      name: `GET /api/projects/:id (customer's project page, ${PROJECT_MESSAGES} messages)`,
      path: `/api/projects/${BENCH_PROJECT}`,
      headers: asCustomer,
    },
    {
      name: `GET /api/projects/:id/messages (the newest 50 of ${PROJECT_MESSAGES} messages)`,
      path: `/api/projects/${BENCH_PROJECT}/messages`,
      headers: asCustomer,
    },
    {
      name: 'GET /api/messages/inbox (staff Inbox)',
      path: '/api/messages/inbox',
      headers: asStaff,
    },
  ];
}

/**
 * Each read of `readTargets` sent twice with its statements written down (QUERY_LOG_FILE): the
 * second, with the server's caches warm, is what its replay limit sends.
 */
async function recordReads(base) {
  for (const t of await readTargets(base)) {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(base + t.path, {
        headers: { ...t.headers, 'accept-encoding': ENCODING, 'x-query-log': 'record' },
      });
      if (!res.ok) throw new Error(`recording ${t.name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  }
  await new Promise((r) => setTimeout(r, 500));
}

/**
 * The replay limits (scripts/bench/replay-limit.mjs): recorded plans replayed on the same
 * PostgreSQL database or on a copy of the PGlite folder, from as many callers as the server has
 * connections. Each `limit(plan)` answers as an autocannon round.
 */
async function openReplay(prepared) {
  const database = await openReplayDatabase(prepared.limitEnv, CONNECTIONS, {
    prepare: values['prepared-replay'],
  });
  return {
    limit(plan, name) {
      console.log(
        `replay limit of ${name}: ${plan.statements.length} statements${plan.transaction ? ' in a transaction' : ''}, ${plan.changing} values made new each time`,
      );
      return async (connections, seconds, counter) => {
        const r = await replayFor(database, plan, connections, seconds, counter);
        return {
          requests: { total: r.total },
          duration: r.duration,
          latency: {
            p50: Math.round(percentile(r.took, 0.5)),
            p97_5: Math.round(percentile(r.took, 0.975)),
            p99: Math.round(percentile(r.took, 0.99)),
          },
          errors: r.errors,
          non2xx: 0,
        };
      };
    },
    close: () => database.close(),
  };
}

async function post(base, url, payload) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return res.json();
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Replaces the generated section of docs/performance.md for each database measured. */
function writeDocs(byKind) {
  const date = new Date().toISOString().slice(0, 10);
  const columns = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'limit req/s',
    'limit p97.5 ms',
    'ratio',
    '1-conn p50 ms',
    '1-conn p99 ms',
    'errors',
  ];
  writePerformanceBlocks(
    Object.entries(byKind).map(([kind, rows]) => ({
      name: WORKERS > 1 ? `${kind}:workers-${WORKERS}` : kind,
      text(earlier) {
        const verdicts = rows.filter((r) => r.endpoint.includes(REPLAYED)).map(replayVerdict);
        verdicts.unshift(...rows.filter((r) => r.endpoint.includes(DRAWN)).map(drawnVerdict));
        verdicts.unshift(...rows.filter(isCachedRead).map(cachedVerdict));
        const table = markdownTable(
          `${date}, 2 cores, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}${WORKERS > 1 ? `, WORKERS=${WORKERS}` : ''}, ${values.services} services, ${values.sales} sales, ${CONNECTIONS} connections, ${DURATION} s for the server and ${DURATION} s for its limit in ${ROUNDS} alternating rounds (p50 of the median round, p97.5 and p99 of the worst); one connection for ${LATENCY_DURATION} s for the 1-conn columns:`,
          rows,
          columns,
        );
        // Rows of endpoints this run did not measure (--only) stay as they were.
        // A row measured against its replay replaces the row of the same endpoint from before.
        const measured = new Set(rows.flatMap((r) => [r.endpoint, verdictSubject(r.endpoint)]));
        const kept = earlier
          .filter((line) => /^\| (GET|POST) /.test(line) && line.split('|').length === 13)
          .filter((line) => !measured.has(line.split('|')[1].trim()));
        const keptNames = kept.map((line) => line.split('|')[1].trim());
        const keptVerdicts = earlier.filter((line) =>
          keptNames.some(
            (name) =>
              line.startsWith(`${verdictSubject(name)} against its SQL alone:`) ||
              line.startsWith(`${name}, answered from the cache:`) ||
              (name.includes(DRAWN) && line.startsWith('Service page drawn by the server:')),
          ),
        );
        if (kept.length) console.log(`kept ${kept.length} ${kind} rows of an earlier run`);
        const lines = [...kept, ...(verdicts.length || keptVerdicts.length ? [''] : [])];
        lines.push(...verdicts, ...keptVerdicts);
        return `${table}${lines.length ? `\n${lines.join('\n')}` : ''}`;
      },
    })),
  );
}

/** The public catalogue's reads the cache answers (their names, as measured). */
function isCachedRead(row) {
  return /^GET \/api\/(services\/[^ ]+|industries|pages\/[^ ]+)$/.test(row.endpoint);
}

/** A cached public read against the plain server sending the same bytes. */
function cachedVerdict(row) {
  return `${row.endpoint}, answered from the cache: ${row.ratio} of the limit sending the same bytes (target ${CACHED_TARGET}: ${row.ratio >= CACHED_TARGET ? 'met' : 'missed'}).`;
}

/** A page the server drew, sent from memory, against the plain server sending its bytes. */
function drawnVerdict(row) {
  return `Service page drawn by the server: ${row.ratio} of the limit sending the same bytes (target ${DRAWN_TARGET}: ${row.ratio >= DRAWN_TARGET ? 'met' : 'missed'}).`;
}

/** An endpoint's name without the note of its limit, e.g. 'GET /api/overview (staff)'. */
function verdictSubject(endpoint) {
  if (endpoint.includes(CHECKOUT_WITH_CODE)) return 'Checkout with a code';
  if (endpoint.includes(CHECKOUT_PATH)) return 'Checkout';
  return endpoint.replace(` (${REPLAYED})`, '');
}

/** A request against its database work alone, and the targets (docs/performance.md). */
function replayVerdict(row) {
  const latency = row['p97.5 ms'] / row['limit p97.5 ms'];
  const target = row.endpoint.includes(CHECKOUT_PATH) ? CHECKOUT_TARGET : READ_TARGET;
  return (
    `${verdictSubject(row.endpoint)} against its SQL alone: ${row.ratio} of its throughput (target ${target}: ${row.ratio >= target ? 'met' : 'missed'}), ` +
    `p97.5 ${row['p97.5 ms']} ms against ${row['limit p97.5 ms']} ms, ${latency.toFixed(2)}x (target ${LATENCY_TARGET}x: ${latency <= LATENCY_TARGET ? 'met' : 'missed'}).`
  );
}

/** Replaces the sweep's section of docs/performance.md for each database measured. */
function writeSweepDocs(byKind) {
  const date = new Date().toISOString().slice(0, 10);
  writePerformanceBlocks(
    Object.entries(byKind).map(([kind, rows]) => ({
      name: `sweep:${kind}`,
      text: () =>
        markdownTable(
          `${date}, 2 cores, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${values.services} services, one connection, ${LATENCY_DURATION} s per endpoint and size in ${ROUNDS} rounds taken in turn (requests counted in the last column):`,
          rows,
        ),
    })),
  );
}
