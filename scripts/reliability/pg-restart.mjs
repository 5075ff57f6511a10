// PostgreSQL restart under load. Starts the built server on a database of its own, runs signed-in
// reads and card checkouts from many clients, stops the local PostgreSQL cluster, keeps it down a
// few seconds, starts it again, and checks:
//   - while it is down, clients get 503 with a JSON message (never a hang, a 500 or a dead
//     server), and /readyz answers 503;
//   - the server recovers by itself once PostgreSQL is back;
//   - nothing is corrupted: after the customers retry their cut-off payments with the same key,
//     every charge has one payment and one project, and every project its payment.
//
// Restarting PostgreSQL drops EVERY connection on this machine, including other test runs: it
// refuses to run without --restart-postgres (or RELIABILITY_RESTART_POSTGRES=1).
//
//   node scripts/reliability/pg-restart.mjs --restart-postgres [--admin-url postgres://...]
//        [--clients 20] [--before 10] [--down 5] [--after 20]
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  createCoordinator,
  ensureBuilt,
  findPackages,
  makeDataDir,
  orderBody,
  removeDir,
  signUp,
  sleep,
  staffLogin,
  startServer,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    'restart-postgres': { type: 'boolean', default: false },
    'admin-url': { type: 'string' },
    clients: { type: 'string', default: '20' },
    before: { type: 'string', default: '10' },
    down: { type: 'string', default: '5' },
    after: { type: 'string', default: '20' },
    cluster: { type: 'string' },
  },
});
if (!values['restart-postgres'] && process.env.RELIABILITY_RESTART_POSTGRES !== '1') {
  console.error(
    'This stops and starts the local PostgreSQL cluster, which drops every connection on the ' +
      'machine (other test runs included).\nRun it on purpose: ' +
      'node scripts/reliability/pg-restart.mjs --restart-postgres',
  );
  process.exit(2);
}
const adminUrl =
  values['admin-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const version = values.cluster ?? readdirSync('/etc/postgresql')[0];
const pgctl = (action) =>
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action], {
    stdio: 'inherit',
  });

ensureBuilt();
const name = `reliability_${Math.random().toString(36).slice(2, 10)}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${name}`;
const databaseUrl = dbUrl.toString();

const dataDir = makeDataDir('noise-pg-restart-');
const server = await startServer({ dataDir, databaseUrl, env: { JOBS_POLL_INTERVAL_MS: '1000' } });
const base = server.url;
let serverExit = null;
server.exited.then((code) => (serverExit = code ?? 'signal'));
console.log(`server ${base} (pid ${server.pid}) on database ${name}, PostgreSQL ${version}`);

const t0 = Date.now();
const now = () => (Date.now() - t0) / 1000;
const events = []; // { t, kind, status, ms, error?, message? }
const readiness = []; // { t, status }
let failed = false;

try {
  const staff = await staffLogin(base);
  const coordinatorId = await createCoordinator(base, staff);
  const { oneTime, weekly } = await findPackages(base);
  const customers = [];
  for (let i = 0; i < Number(values.clients); i++) customers.push(await signUp(base, i));
  const orders = []; // { customer, body, paid: boolean, projectId? }

  const call = async (kind, method, urlPath, token, body) => {
    const started = Date.now();
    try {
      const res = await fetch(`${base}${urlPath}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        // Anything slower than this is a hang for a client.
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      events.push({
        t: now(),
        kind,
        status: res.status,
        ms: Date.now() - started,
        message: res.ok ? undefined : json?.message,
        error: res.ok ? undefined : json?.error,
        retryAfter: res.headers.get('retry-after') ?? undefined,
      });
      return { status: res.status, json };
    } catch (error) {
      events.push({ t: now(), kind, status: 0, ms: Date.now() - started, error: error.name });
      return { status: 0 };
    }
  };

  let stop = false;
  const monitor = (async () => {
    let last;
    while (!stop) {
      let status;
      try {
        status = (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(15_000) })).status;
      } catch {
        status = 0;
      }
      if (status !== last) readiness.push({ t: now(), status });
      last = status;
      await sleep(100);
    }
  })();

  const clients = customers.map(async (customer, i) => {
    for (let n = 0; !stop; n++) {
      switch (n % 4) {
        case 0:
          await call('profile', 'GET', '/api/users/profile', customer.token);
          break;
        case 1:
          await call('projects', 'GET', '/api/projects', customer.token);
          break;
        case 2:
          await call('search', 'GET', '/api/services/search?q=seo', customer.token);
          break;
        default: {
          const order = {
            customer,
            body: await orderBody({
              choice: (i + n) % 8 === 3 ? weekly : oneTime,
              customer,
              coordinatorId,
              extras: n % 3,
            }),
            paid: false,
          };
          orders.push(order);
          const res = await call(
            'checkout',
            'POST',
            '/api/payments/handle-payment',
            customer.token,
            order.body,
          );
          if (res.status === 200 && res.json?.success) {
            order.paid = true;
            order.projectId = res.json.projectId;
          }
        }
      }
    }
  });

  await sleep(Number(values.before) * 1000);
  const stoppedAt = now();
  console.log(`t=${stoppedAt.toFixed(1)} s: stopping PostgreSQL`);
  pgctl('stop');
  await sleep(Number(values.down) * 1000);
  const startedAt = now();
  console.log(`t=${startedAt.toFixed(1)} s: starting PostgreSQL`);
  pgctl('start');
  const pgUpAt = now();
  // Recovered: /readyz answers 200 again and every kind of request succeeds again.
  let readyAt;
  const firstOk = {};
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    readyAt ??= readiness.find((r) => r.t > pgUpAt && r.status === 200)?.t;
    for (const kind of ['profile', 'projects', 'search', 'checkout']) {
      firstOk[kind] ??= events.find((e) => e.kind === kind && e.t > pgUpAt && e.status === 200)?.t;
    }
    if (readyAt && Object.keys(firstOk).every((k) => firstOk[k])) break;
    await sleep(200);
  }
  await sleep(Number(values.after) * 1000);
  stop = true;
  await Promise.all([...clients, monitor]);

  // The customers whose payment was cut off pay again with the same key, as the page lets them.
  // A payment whose process lost its database mid-way stays locked for two minutes: 409 meanwhile.
  const settleDeadline = Date.now() + 4 * 60_000;
  for (;;) {
    const open = orders.filter((o) => !o.paid);
    if (open.length === 0 || Date.now() > settleDeadline) break;
    await Promise.all(
      open.map(async (order) => {
        const res = await call(
          'retry',
          'POST',
          '/api/payments/handle-payment',
          order.customer.token,
          order.body,
        );
        if (res.status === 200 && res.json?.success) {
          order.paid = true;
          order.projectId = res.json.projectId;
        }
      }),
    );
    if (orders.some((o) => !o.paid)) await sleep(5000);
  }

  // What the clients saw.
  const during = events.filter((e) => e.kind !== 'retry');
  const byStatus = {};
  for (const e of during) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
  const unavailable = during.filter((e) => e.status === 503);
  const badUnavailable = unavailable.filter(
    (e) => e.error !== 'service_unavailable' || !e.message || !e.retryAfter,
  );
  const serverErrors = during.filter((e) => e.status >= 500 && e.status !== 503);
  const dropped = events.filter((e) => e.status === 0);
  const retryStatuses = {};
  for (const e of events.filter((x) => x.kind === 'retry')) {
    retryStatuses[e.status] = (retryStatuses[e.status] ?? 0) + 1;
  }
  const otherClientErrors = during.filter(
    (e) => e.status >= 400 && e.status < 500 && !(e.kind === 'checkout' && e.status === 409),
  );
  const notReady = readiness.filter((r) => r.status === 503);

  // What the database holds.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const q = async (sql) => (await db.query(sql)).rows;
  const orphanPayments = await q(
    `select pay.id from payments pay left join projects p on p.id = pay.project_id where p.id is null`,
  );
  const projectsWithoutPayment = await q(
    `select p.id from projects p left join payments pay on pay.project_id = p.id and pay.kind = 'order'
     group by p.id having count(pay.id) <> 1`,
  );
  const chargesNotRecordedOnce = await q(
    `select i.id from sandbox_payment_intents i
     where i.status = 'succeeded' and i.metadata->>'kind' = 'checkout'
       and (select count(*) from payments pay where pay.transaction_id = i.id) <> 1`,
  );
  const [{ n: projectCount }] = await q(`select count(*)::int as n from projects`);
  const [{ n: chargeCount }] = await q(
    `select count(*)::int as n from sandbox_payment_intents
     where status = 'succeeded' and metadata->>'kind' = 'checkout'`,
  );
  await db.end();

  const paid = orders.filter((o) => o.paid);
  const projectIds = new Set(paid.map((o) => o.projectId));
  const summary = {
    date: new Date().toISOString(),
    postgres: version,
    clients: customers.length,
    requests: during.length,
    statuses: byStatus,
    outage: {
      stoppedAtS: +stoppedAt.toFixed(1),
      startedAtS: +startedAt.toFixed(1),
      postgresUpAtS: +pgUpAt.toFixed(1),
      readyzNotReadyFromS: notReady[0]?.t && +notReady[0].t.toFixed(1),
      readyzReadyAgainAtS: readyAt && +readyAt.toFixed(1),
      recoveredAfterPostgresUpS: readyAt && +(readyAt - pgUpAt).toFixed(1),
      firstSuccessAfterPostgresUpS: Object.fromEntries(
        Object.entries(firstOk).map(([k, t]) => [k, t && +(t - pgUpAt).toFixed(1)]),
      ),
    },
    unavailable503: unavailable.length,
    example503: unavailable[0] && { error: unavailable[0].error, message: unavailable[0].message },
    slowestMs: Math.max(...during.map((e) => e.ms)),
    checkouts: orders.length,
    paidAfterRetries: paid.length,
    retryStatuses,
    database: {
      projects: projectCount,
      charges: chargeCount,
      orphanPayments: orphanPayments.length,
      projectsWithoutOneOrderPayment: projectsWithoutPayment.length,
      chargesNotRecordedOnce: chargesNotRecordedOnce.length,
    },
    serverExited: serverExit,
  };
  console.log(JSON.stringify(summary, null, 2));

  const problems = [];
  if (serverExit !== null) problems.push(`the server exited (${serverExit})`);
  if (notReady.length === 0) problems.push('/readyz never reported not-ready');
  if (!readyAt) problems.push('/readyz did not recover');
  if (Object.values(firstOk).some((t) => !t) || Object.keys(firstOk).length < 4) {
    problems.push(`not every request kind recovered: ${JSON.stringify(firstOk)}`);
  }
  if (serverErrors.length) {
    problems.push(
      `${serverErrors.length} 5xx other than 503, e.g. ${JSON.stringify(serverErrors.slice(0, 3))}`,
    );
  }
  if (badUnavailable.length) {
    problems.push(`503 without a clear JSON message: ${JSON.stringify(badUnavailable[0])}`);
  }
  if (dropped.length) {
    problems.push(`${dropped.length} requests hung or were dropped: ${JSON.stringify(dropped[0])}`);
  }
  if (otherClientErrors.length) {
    problems.push(`unexpected 4xx: ${JSON.stringify(otherClientErrors.slice(0, 3))}`);
  }
  if (paid.length !== orders.length) problems.push(`${orders.length - paid.length} orders unpaid`);
  if (projectIds.size !== paid.length || projectCount !== paid.length) {
    problems.push(`${paid.length} paid orders, ${projectIds.size} ids, ${projectCount} projects`);
  }
  if (chargeCount !== paid.length)
    problems.push(`${chargeCount} charges for ${paid.length} orders`);
  if (orphanPayments.length || projectsWithoutPayment.length || chargesNotRecordedOnce.length) {
    problems.push('payments and projects do not match');
  }
  if (problems.length) {
    failed = true;
    console.error(`FAILED:\n- ${problems.join('\n- ')}`);
    const logged = server.output().split('\n').filter(Boolean).slice(-10);
    console.error(`last server log lines:\n${logged.join('\n')}`);
  } else {
    console.log('OK: retryable 503s while PostgreSQL was down, recovered by itself, data intact');
  }
} finally {
  await server.kill('SIGTERM');
  removeDir(dataDir);
  const drop = new pg.Client({ connectionString: adminUrl });
  await drop.connect().catch(() => {});
  await drop.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await drop.end().catch(() => {});
  process.exitCode = failed ? 1 : 0;
}
