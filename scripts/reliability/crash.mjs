// The long version of e2e/reliability/crash.test.ts: several rounds of checkout load with a
// renewal run underneath, each ended by SIGKILL at a random moment and followed by a restart on
// the same data. At the end the locks of the dead processes are let pass, the customers retry
// their cut-off payments with the same keys, the renewals finish, and the data is checked:
// one project and one payment per order, every charge recorded once, every renewal period
// charged once.
//
//   node scripts/reliability/crash.mjs [--rounds 4] [--customers 16] [--weeks 1]
//        [--database-url postgres://...]   (default: PGlite in a fresh data folder)
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
    rounds: { type: 'string', default: '4' },
    customers: { type: 'string', default: '16' },
    weeks: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const WEEKS = Number(values.weeks);
const WEEK_MS = 7 * 24 * 3600_000;
// Each shift also moves the periods by a minute, so no new period is one an earlier (finished)
// renewal job already names: a real subscription never goes back in time.
const SHIFT_MS = WEEKS * WEEK_MS + 60_000;
const databaseUrl = values['database-url'];

ensureBuilt();
const dataDir = makeDataDir('noise-crash-');

/** SQL on the data; with PGlite only while no server runs. */
async function query(sql, params = []) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.close();
  }
}

const env = { JOBS_POLL_INTERVAL_MS: '50', LOG_LEVEL: 'info' };
const orders = []; // { token, body, paid, projectId }
const shifts = new Map(); // subscription id -> { initialNext, shifts }
let server;
let failed = false;

const pay = async (base, order) => {
  try {
    const res = await fetch(`${base}/api/payments/handle-payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${order.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(order.body),
    });
    const json = await res.json().catch(() => ({}));
    if (res.status === 200 && json.success) {
      order.paid = true;
      order.projectId = json.projectId;
    } else if (res.status !== 409) {
      throw new Error(`payment answered ${res.status}: ${JSON.stringify(json)}`);
    }
    return res.status;
  } catch (error) {
    if (error instanceof TypeError) return 0; // the connection died with the server
    throw error;
  }
};

try {
  server = await startServer({ dataDir, databaseUrl, env });
  const staff = await staffLogin(server.url);
  const coordinatorId = await createCoordinator(server.url, staff);
  const { oneTime, weekly } = await findPackages(server.url);
  const customers = [];
  for (let i = 0; i < Number(values.customers); i++) customers.push(await signUp(server.url, i));

  for (let round = 1; round <= ROUNDS; round++) {
    if (round > 1) {
      server = await startServer({ dataDir, databaseUrl, env });
      // Let the job runner get into the renewals before the load starts.
      await sleep(2000 + Math.random() * 6000);
    }
    const base = server.url;
    const victim = server;
    const killAfter = 5 + Math.floor(Math.random() * 30);
    let paidThisRound = 0;
    let killed;
    await Promise.all(
      customers.map(async (customer, i) => {
        for (let n = 0; !killed; n++) {
          const order = {
            token: customer.token,
            paid: false,
            body: await orderBody({
              choice: (i + n + round) % 3 === 0 ? weekly : oneTime,
              customer,
              coordinatorId,
              extras: n % 3,
            }),
          };
          orders.push(order);
          const status = await pay(base, order);
          if (status === 0) return;
          if (order.paid && ++paidThisRound === killAfter) {
            // A random moment a little later, while requests and renewals are in flight.
            killed = sleep(Math.random() * 300).then(() => victim.kill('SIGKILL'));
          }
        }
      }),
    );
    await killed;
    const renewed = victim
      .output()
      .split('\n')
      .filter((l) => l.includes('subscription renewed'));
    console.log(
      `round ${round}: SIGKILL after ${paidThisRound} payments (${renewed.length} renewals in this life)`,
    );

    // Between lives: every active subscription falls WEEKS periods behind again. Its start
    // (the order's first period plus one interval) and its renewals so far say where it is.
    for (const row of await query(
      `select s.id, p.start_date as start, count(pay.id)::int as renewals
       from subscriptions s join projects p on p.id = s.project_id
       left join payments pay on pay.subscription_id = s.id and pay.kind = 'renewal'
       group by s.id, p.start_date`,
    )) {
      if (!shifts.has(row.id)) shifts.set(row.id, { shifts: 0, start: new Date(row.start) });
    }
    const subs = await query(
      `update subscriptions
       set next_charge_at = next_charge_at - interval '${WEEKS} weeks' - interval '1 minute'
       where status = 'active' returning id, next_charge_at as next`,
    );
    for (const s of subs) {
      shifts.get(s.id).shifts += 1;
    }
  }

  // Time passes: the dead processes' attempt (2 min) and job (5 min) locks run out.
  await query(
    `update payment_attempts set locked_until = now() - interval '1 second'
     where state in ('processing', 'error')`,
  );
  await query(
    `update jobs set locked_until = now() - interval '1 second' where status = 'running'`,
  );
  const now = Date.now();
  let remaining = 0;
  for (const row of await query(
    `select next_charge_at as next from subscriptions where status = 'active'`,
  )) {
    const next = new Date(row.next).getTime();
    if (next <= now) remaining += Math.floor((now - next) / WEEK_MS) + 1;
  }

  server = await startServer({ dataDir, databaseUrl, env });
  const retryDeadline = Date.now() + 120_000;
  while (orders.some((o) => !o.paid) && Date.now() < retryDeadline) {
    await Promise.all(orders.filter((o) => !o.paid).map((o) => pay(server.url, o)));
  }
  // The renewals finish on their own: wait until every subscription is past today.

  // The job runner also renders every receipt's PDF invoice, so this takes a while; give up
  // only when it stops making progress.
  const renewedCount = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.includes('subscription renewed')).length;
  let last = -1;
  let lastProgress = Date.now();
  while (renewedCount() < remaining && Date.now() - lastProgress < 60_000) {
    if (renewedCount() !== last) [last, lastProgress] = [renewedCount(), Date.now()];
    await sleep(500);
  }
  console.log(`after the last restart: ${renewedCount()} of ${remaining} due renewals ran`);
  await sleep(2000);
  await server.kill('SIGTERM');
  server = undefined;

  const problems = [];
  const unpaid = orders.filter((o) => !o.paid);
  if (unpaid.length) problems.push(`${unpaid.length} orders never completed`);
  const projectIds = new Set(orders.map((o) => o.projectId));
  const [{ n: projects }] = await query(`select count(*)::int as n from projects`);
  if (projectIds.size !== orders.length || projects !== orders.length) {
    problems.push(`${orders.length} orders, ${projectIds.size} project ids, ${projects} projects`);
  }
  const check = async (label, sql) => {
    const rows = await query(sql);
    if (rows.length) problems.push(`${label}: ${rows.length}, e.g. ${JSON.stringify(rows[0])}`);
  };
  await check(
    'payments without a project',
    `select pay.id from payments pay left join projects p on p.id = pay.project_id where p.id is null`,
  );
  await check(
    'projects without exactly one order payment',
    `select p.id from projects p left join payments pay on pay.project_id = p.id and pay.kind = 'order'
     group by p.id having count(pay.id) <> 1`,
  );
  await check(
    'charges not recorded exactly once',
    `select i.id from sandbox_payment_intents i where i.status = 'succeeded'
       and (select count(*) from payments p where p.transaction_id = i.id) <> 1`,
  );
  await check(
    'renewal periods charged more than once',
    `select metadata->>'subscriptionId', metadata->>'period', count(*) from sandbox_payment_intents
     where status = 'succeeded' and metadata->>'kind' = 'renewal' group by 1, 2 having count(*) > 1`,
  );
  await check(
    'unsettled payment attempts',
    `select id, state from payment_attempts where state <> 'succeeded'`,
  );
  const perSub = await query(
    `select s.id, s.next_charge_at as next, count(p.id)::int as renewals
     from subscriptions s left join payments p on p.subscription_id = s.id and p.kind = 'renewal'
     group by s.id`,
  );
  // A subscription's next charge is its start plus one interval, moved back by every shift and
  // on by one interval per renewal; and after the run nothing is due any more.
  let renewals = 0;
  const checkedAt = Date.now();
  for (const s of perSub) {
    const entry = shifts.get(s.id);
    renewals += s.renewals;
    const next = new Date(s.next).getTime();
    if (next <= checkedAt) problems.push(`subscription ${s.id} still due`);
    if (!entry) continue;
    const expected =
      entry.start.getTime() + WEEK_MS - entry.shifts * SHIFT_MS + s.renewals * WEEK_MS;
    if (next !== expected) {
      problems.push(
        `subscription ${s.id}: ${s.renewals} renewals leave it at ${new Date(next).toISOString()}, not ${new Date(expected).toISOString()}`,
      );
    }
  }
  const [{ n: charges }] = await query(
    `select count(*)::int as n from sandbox_payment_intents where status = 'succeeded'`,
  );

  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: databaseUrl ? 'postgres' : 'pglite',
        rounds: ROUNDS,
        orders: orders.length,
        projects,
        subscriptions: perSub.length,
        renewals,
        charges,
      },
      null,
      2,
    ),
  );
  if (problems.length) {
    failed = true;
    console.error(`FAILED:\n- ${problems.slice(0, 20).join('\n- ')}`);
  } else {
    console.log('OK: every order paid once with its project, every renewal period charged once');
  }
} finally {
  await server?.kill('SIGTERM');
  removeDir(dataDir);
  process.exitCode = failed ? 1 : 0;
}
