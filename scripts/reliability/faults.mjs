// Faults a deployment meets that are too slow or need root for the test suites (the quick ones
// are apps/server/src/security/faults-*.test.ts). Prints its figures; exits 1 if a check fails.
//
//   disk     DATA_DIR is a tmpfs (mounted here: needs root). The built server runs on PGlite and
//            takes orders; the disk is filled to the last byte. Are writes refused with a clear
//            503, do reads go on, does the process stay up; does a start on the full disk serve
//            or fail cleanly; once space is freed, do writes come back without a restart, and
//            after one is every earlier order there and do amcheck's heap and index checks pass?
//   wal      PGlite alone (what the server's free-space reserve is for): the disk is filled to
//            leave less than the write-ahead log's next segment, rows go in until the log must
//            grow, and then: the error, the next statement, an open on the still-full disk, and
//            the rows after freeing space. Child processes, so a hang can be killed.
//   payment  the payment provider charges and then never answers the create-payment call. A
//            local Stripe stand-in (idempotency keys honoured) behind the built server with
//            PAYMENT_PROVIDER=stripe: how long the customer waits, what a second click gets,
//            and exactly one charge, one project, one payment?
//
//   node scripts/reliability/faults.mjs [--only disk|wal|payment] [--size-mb 160]
//
// Needs a build (npm run build); disk and wal need root (mount -t tmpfs).
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  api,
  createCoordinator,
  ensureBuilt,
  findPackages,
  makeDataDir,
  root,
  orderBody,
  removeDir,
  signUp,
  sleep,
  staffLogin,
  startServer,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'size-mb': { type: 'string', default: '160' },
  },
});
ensureBuilt();

/** The job runner mails receipts while the probe runs; uploads are not limited per minute. */
const SERVER_ENV = { JOBS_POLL_INTERVAL_MS: '1000', UPLOAD_RATE_LIMIT_PER_MINUTE: '1000000' };

let failures = 0;
const check = (ok, what) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const freeMb = (dir) => {
  const s = statfsSync(dir);
  return (s.bavail * s.bsize) / 2 ** 20;
};

/** One request, never thrown: status, JSON message (or text) and time. */
async function attempt(base, method, urlPath, { token, body, timeoutMs = 30_000 } = {}) {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${urlPath}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !(body instanceof FormData)
          ? { 'content-type': 'application/json' }
          : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let message = text.slice(0, 160);
    let json;
    try {
      json = JSON.parse(text);
      if (typeof json?.message === 'string') message = json.message;
    } catch {
      // Not JSON (an HTML page, a probe's plain text).
    }
    return { status: res.status, message, json, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, message: String(error?.cause?.code ?? error?.name ?? error), ms: 0 };
  }
}

/**
 * Writes a file until the disk refuses (1 MiB, then 4 KiB, then 512 B pieces), or until only
 * `leaveBytes` are free; answers the bytes written.
 */
function fillDisk(file, leaveBytes = 0) {
  const fd = openSync(file, 'a');
  let written = 0;
  let budget = leaveBytes
    ? Math.max(0, freeMb(path.dirname(file)) * 2 ** 20 - leaveBytes)
    : Infinity;
  try {
    for (const size of [2 ** 20, 4096, 512]) {
      const chunk = Buffer.alloc(size, 7);
      while (budget >= size) {
        try {
          written += writeSync(fd, chunk);
          budget -= size;
        } catch (error) {
          if (error.code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/** A tmpfs of `sizeMb` MiB for the duration of `work(dir)`, unmounted and removed after. */
async function onTmpfs(sizeMb, work) {
  const mount = mkdtempSync(path.join(os.tmpdir(), 'noise-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', mount]);
  try {
    return await work(mount);
  } finally {
    try {
      execFileSync('umount', [mount]);
    } catch (error) {
      console.log(`  could not unmount ${mount}: ${error.message}`);
      failures++;
    }
    if (existsSync(mount)) removeDir(mount);
  }
}

/** Customers with one paid order each, made through the API. */
async function makeOrders(base, count) {
  const staff = await staffLogin(base);
  const coordinatorId = await createCoordinator(base, staff);
  const { oneTime, weekly } = await findPackages(base);
  const customers = [];
  for (let i = 0; i < count; i++) {
    const customer = await signUp(base, i);
    const paid = await api(base, 'POST', '/api/payments/handle-payment', {
      token: customer.token,
      body: await orderBody({ choice: i % 2 ? weekly : oneTime, customer, coordinatorId }),
    });
    customers.push({ ...customer, projectId: paid.projectId });
  }
  return { customers, coordinatorId, oneTime };
}

/** Signs each customer in again and counts those whose order is in their project list. */
async function ordersReadable(base, customers) {
  let found = 0;
  for (const customer of customers) {
    const signedIn = await attempt(base, 'POST', '/api/auth/login', {
      body: { username: customer.email, password: 'reliability password 1' },
    });
    const list = await attempt(base, 'GET', '/api/projects', { token: signedIn.json?.token });
    const items = Array.isArray(list.json) ? list.json : (list.json?.items ?? []);
    if (items.some((p) => p._id === customer.projectId)) found++;
  }
  return found;
}

// --- disk full --------------------------------------------------------------------------------

async function diskFull() {
  console.log('\n## Disk full: the database files cannot grow (PGlite on tmpfs)');
  const sizeMb = Number(values['size-mb']);
  // DATA_DIR is the mount itself: the web build's snapshot goes beside it, not onto it.
  await onTmpfs(sizeMb, async (dataDir) => {
    const filler = path.join(dataDir, 'filler');
    let server;
    try {
      let started = Date.now();
      server = await startServer({ dataDir, env: SERVER_ENV });
      const base = server.url;
      console.log(
        `  tmpfs of ${sizeMb} MiB; server ready in ${seconds(Date.now() - started)}, ` +
          `${freeMb(dataDir).toFixed(1)} MiB free after the seed`,
      );
      const { customers, coordinatorId, oneTime } = await makeOrders(base, 6);
      await sleep(1500); // the job runner mails the receipts (to DATA_DIR/outbox)
      const filled = fillDisk(filler);
      console.log(
        `  ${customers.length} customers with a paid order each; then filled ` +
          `${(filled / 2 ** 20).toFixed(1)} MiB: ${freeMb(dataDir).toFixed(2)} MiB free`,
      );

      // Writes while full: a new customer, a new order, a long brief, in turn, until nine are
      // refused (free room inside the database's own pages may take a few first).
      const writes = [];
      let exitCode = null;
      server.exited.then((code) => (exitCode = code ?? 'signal'));
      const owner = customers[0];
      /** Orders the full disk refused: paid again later with the same key, as the page does. */
      const cutOff = [];
      for (let i = 0; i < 60 && exitCode === null; i++) {
        const kind = ['sign-up', 'order', 'brief'][i % 3];
        let res;
        if (kind === 'sign-up') {
          res = await attempt(base, 'POST', '/api/auth/signup', {
            body: {
              firstName: 'Full',
              lastName: `Disk ${i}`,
              email: `full-disk-${i}-${Date.now()}@example.com`,
              phoneNumber: '0412345678',
              password: 'reliability password 1',
            },
          });
        } else if (kind === 'order') {
          const body = await orderBody({ choice: oneTime, customer: owner, coordinatorId });
          res = await attempt(base, 'POST', '/api/payments/handle-payment', {
            token: owner.token,
            body,
          });
          if (res.status !== 200) cutOff.push(body);
        } else {
          res = await postBrief(base, owner, randomText());
        }
        writes.push({ kind, ...res });
        if (writes.filter((w) => w.status >= 400 || w.status === 0).length >= 9) break;
      }
      const refused = reportWrites(writes, server.output());
      const reads = await readsWhileFull(base, customers[1]);
      await sleep(3000);
      const aliveWhileFull = exitCode === null;
      console.log(
        `  server while full: ${aliveWhileFull ? 'still running' : `exited with ${exitCode}`}`,
      );
      if (!aliveWhileFull) console.log(indent(tail(server.output(), 12)));
      check(refused.length > 0, 'the full disk refused at least one write');
      check(
        refused.every((w) => w.status === 503 && w.json?.error === 'storage_full'),
        'every refused write is a 503 storage_full with its message',
      );
      check(aliveWhileFull, 'the server kept running while the disk was full');
      check(
        Object.values(reads).every((r) => r.status === 200),
        'reads answered 200 while the disk was full',
      );

      // Free the space: the same process writes again, without a restart, once the guard has
      // measured again (it trusts a reading for a second).
      rmSync(filler);
      await sleep(1100);
      if (exitCode === null) {
        const after = await postBrief(base, owner, 'Written after the disk was freed.');
        check(after.status === 201, `a write after freeing, same process: ${after.status}`);
      }
      // Full again, and the server stopped: does it start on a full disk, or fail cleanly?
      fillDisk(filler);
      const stopped = await server.kill('SIGTERM');
      console.log(`  filled again; SIGTERM: exited with ${stopped}`);
      const startedFull = Date.now();
      const onFull = await startServer({ dataDir, env: SERVER_ENV, wait: false });
      const outcome = await Promise.race([
        onFull.exited.then((code) => `exited with ${code}`),
        (async () => {
          for (let i = 0; i < 60; i++) {
            const ready = await attempt(onFull.url, 'GET', '/readyz', { timeoutMs: 1000 });
            if (ready.status === 200) return 'ready';
            await sleep(1000);
          }
          return 'neither ready nor exited after 60 s';
        })(),
      ]);
      console.log(
        `  a start on the full disk: ${outcome} after ${seconds(Date.now() - startedFull)}`,
      );
      if (outcome === 'ready') {
        const write = await postBrief(onFull.url, owner, 'Written on a full disk after a start.');
        const read = await attempt(onFull.url, 'GET', '/api/services');
        console.log(`    then a write: ${write.status} ${write.message}; a read: ${read.status}`);
      } else {
        console.log(indent(tail(onFull.output(), 6)));
      }
      check(
        outcome === 'ready' || outcome === 'exited with 1',
        'a start on the full disk serves, or exits with code 1 (never hangs)',
      );
      await onFull.kill('SIGKILL');
      rmSync(filler);
      server = undefined;

      // What the refused orders left: a charge at the provider with no order is money taken and
      // not recorded until the customer pays again with the same key.
      const unsettled = await withDatabase(dataDir, async (db) => {
        const found = (
          await db.query(`
            select a.idempotency_key as key, a.state, a.locked_until > now() as locked,
                   i.status as charge
            from payment_attempts a
            left join sandbox_payment_intents i on i.idempotency_key = a.idempotency_key
            where a.state not in ('succeeded', 'failed')`)
        ).rows;
        // The two-minute lock of an attempt cut off mid-way is let pass, as the crash probe does.
        await db.query(`update payment_attempts set locked_until = now() - interval '1 second'
                        where state = 'processing'`);
        return found;
      });
      const charged = unsettled.filter((u) => u.charge === 'succeeded').length;
      check(charged === 0, 'no card was charged for an order the full disk refused');
      console.log(
        `  refused orders: ${cutOff.length}; attempts left unsettled: ${unsettled.length} ` +
          `(${charged} charged at the provider with no order recorded, ` +
          `${unsettled.filter((u) => u.locked).length} locked for two minutes)`,
      );

      started = Date.now();
      server = await startServer({ dataDir, env: SERVER_ENV });
      console.log(`  restarted on the same data, ready in ${seconds(Date.now() - started)}`);
      const intact = await ordersReadable(server.url, customers);
      check(
        intact === customers.length,
        `earlier orders readable: ${intact} of ${customers.length}`,
      );
      const ownerToken = (
        await attempt(server.url, 'POST', '/api/auth/login', {
          body: { username: owner.email, password: 'reliability password 1' },
        })
      ).json?.token;
      const retried = [];
      for (const body of [
        ...cutOff,
        await orderBody({ choice: oneTime, customer: owner, coordinatorId }),
      ]) {
        retried.push(
          await attempt(server.url, 'POST', '/api/payments/handle-payment', {
            token: ownerToken,
            body,
          }),
        );
      }
      check(
        retried.every((r) => r.status === 200),
        `the refused orders paid again with their keys, and a new one: ${retried.map((r) => r.status).join(', ')}`,
      );
      await sleep(1500);
      await server.kill('SIGTERM');
      server = undefined;
      await verifyDatabase(dataDir);
    } finally {
      await server?.kill('SIGKILL');
    }
  });
}

/**
 * What the reserve is for: PGlite itself when its write-ahead log cannot start the next segment.
 * Run directly (no server, no guard) in child processes, which can be killed if they hang: the
 * disk is filled to leave less than what the current segment needs, rows are inserted until the
 * log must grow, then one more statement is sent; then PGlite is opened again while the disk is
 * still full, and once more after freeing it, and the acknowledged rows are counted.
 */
async function walFull() {
  console.log('\n## Disk full: the write-ahead log cannot grow (PGlite alone, no server)');
  await onTmpfs(64, async (dir) => {
    const child = (code, timeoutMs) =>
      new Promise((resolve) => {
        const started = Date.now();
        let output = '';
        const proc = spawn(process.execPath, ['--input-type=module', '-e', code, dir], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        proc.stdout.on('data', (d) => (output += d));
        proc.stderr.on('data', (d) => (output += d));
        const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
        proc.on('exit', (code, signal) => {
          clearTimeout(timer);
          resolve({ code, signal, output, ms: Date.now() - started });
        });
      });
    const filled = await child(
      `${PGLITE_CHILD}
      const db = await PGlite.create(dir + '/pglite');
      await db.exec('create table t (id serial primary key, body text)');
      const [row] = (await db.query(\`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint::text as p,
        (select setting from pg_settings where name = 'wal_segment_size') as seg\`)).rows;
      const left = Number(row.seg) - (Number(row.p) % Number(row.seg));
      fill(left + 4 * 2 ** 20);
      say({ segment: Number(row.seg), left });
      for (let i = 0; ; i++) {
        try {
          await db.query('insert into t (body) values ($1)', [randomBytes(14000).toString('base64')]);
          say({ acknowledged: i + 1 });
        } catch (error) {
          say({ error: error.code + ' ' + error.message, at: i });
          break;
        }
      }
      const next = Date.now();
      say({ next: 'sent' });
      await db.query('select 1');
      say({ nextAnsweredMs: Date.now() - next });`,
      30_000,
    );
    const facts = Object.assign({}, ...lines(filled.output));
    console.log(
      `  log segment ${(facts.segment / 2 ** 20).toFixed(0)} MiB, ${(facts.left / 2 ** 20).toFixed(1)} MiB ` +
        `left in it; ${facts.acknowledged ?? 0} rows inserted, then: ${facts.error ?? 'no error'}`,
    );
    const hung = facts.next === 'sent' && facts.nextAnsweredMs === undefined;
    console.log(
      `  the next statement: ${hung ? `no answer; killed after ${seconds(filled.ms)}` : `answered in ${facts.nextAnsweredMs} ms`}`,
    );
    check(
      Boolean(facts.error?.startsWith('53100')),
      'the statement that needs a new segment fails with 53100',
    );

    const whileFull = await child(
      `${PGLITE_CHILD}
      try {
        const db = await PGlite.create(dir + '/pglite');
        say({ opened: true });
        await db.close();
      } catch (error) {
        say({ openError: error.message });
      }
      say({ done: true });`,
      30_000,
    );
    const reopen = Object.assign({}, ...lines(whileFull.output));
    console.log(
      `  opened again while still full: ${reopen.opened ? 'opened' : reopen.openError}; ` +
        `the process ${whileFull.signal ? `did not exit (killed after ${seconds(whileFull.ms)})` : `exited with ${whileFull.code}`}`,
    );

    rmSync(path.join(dir, 'filler'));
    const afterFree = await child(
      `${PGLITE_CHILD}
      const db = await PGlite.create(dir + '/pglite', { extensions: { amcheck } });
      await db.exec('create extension if not exists amcheck');
      const [row] = (await db.query('select count(*)::int as n from t')).rows;
      await db.query("select bt_index_check('t_pkey', true)");
      const heap = (await db.query("select * from verify_heapam('t')")).rows.length;
      await db.query("insert into t (body) values ('after')");
      say({ rows: row.n, heap });
      await db.close();`,
      60_000,
    );
    const after = Object.assign({}, ...lines(afterFree.output));
    console.log(
      `  space freed, opened again: ${after.rows ?? '?'} rows; amcheck: ${after.heap === 0 ? 'no problem' : (afterFree.output.trim().split('\n').pop() ?? '')}`,
    );
    check(
      after.rows === facts.acknowledged && after.heap === 0,
      `every acknowledged row is there and sound (${after.rows} of ${facts.acknowledged})`,
    );
  });
}

/** Shared head of the PGlite child processes: `say` prints one JSON line, `fill` fills the disk. */
const PGLITE_CHILD = `
  import { closeSync, openSync, statfsSync, writeSync } from 'node:fs';
  import { randomBytes } from 'node:crypto';
  import { PGlite } from '@electric-sql/pglite';
  import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
  const dir = process.argv[1];
  const say = (fact) => console.log(JSON.stringify(fact));
  const fill = (leave) => {
    const s = statfsSync(dir);
    let budget = s.bavail * s.bsize - leave;
    const fd = openSync(dir + '/filler', 'a');
    const mb = Buffer.alloc(2 ** 20, 7);
    while (budget >= mb.length) { writeSync(fd, mb); budget -= mb.length; }
    closeSync(fd);
  };
`;

const lines = (output) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));

const randomText = () => randomBytes(14_000).toString('base64');

function postBrief(base, customer, text) {
  const form = new FormData();
  form.append('text', text);
  return attempt(base, 'POST', `/api/projects/${customer.projectId}/brief`, {
    token: customer.token,
    body: form,
  });
}

/** Prints what the writes got and the errors the server logged; answers the refused ones. */
function reportWrites(writes, output) {
  const refused = writes.filter((w) => w.status >= 400 || w.status === 0);
  console.log(`  writes: ${writes.length - refused.length} accepted, ${refused.length} refused`);
  const answers = new Map();
  for (const w of refused) {
    const key = `${w.kind}: ${w.status} ${w.message}`;
    answers.set(key, (answers.get(key) ?? 0) + 1);
  }
  for (const [answer, n] of answers) console.log(`    ${n} x ${answer}`);
  for (const [cause, n] of loggedCauses(output)) console.log(`    logged ${n} x ${cause}`);
  return refused;
}

async function readsWhileFull(base, customer) {
  const reads = {
    '/healthz': await attempt(base, 'GET', '/healthz'),
    '/readyz': await attempt(base, 'GET', '/readyz'),
    'GET /api/services': await attempt(base, 'GET', '/api/services'),
    'GET /api/projects': await attempt(base, 'GET', '/api/projects', { token: customer.token }),
    'GET /': await attempt(base, 'GET', '/'),
  };
  for (const [what, res] of Object.entries(reads)) {
    console.log(`    read while full: ${what} -> ${res.status} in ${res.ms} ms`);
  }
  return reads;
}

/** amcheck over every table and B-tree index of the stopped database; the money adds up. */
async function verifyDatabase(dataDir) {
  await withDatabase(dataDir, async (db) => {
    await db.exec('create extension if not exists amcheck');
    const tables = (
      await db.query(`
        select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`)
    ).rows;
    const problems = [];
    for (const t of tables) {
      const found = await db.query('select * from verify_heapam($1::regclass)', [t.oid]);
      if (found.rows.length) problems.push(`${t.relname}: ${found.rows.length}`);
    }
    check(
      problems.length === 0,
      `verify_heapam over ${tables.length} tables: ${problems.join(', ') || 'no problem'}`,
    );
    const indexes = (
      await db.query(`
        select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_am am on am.oid = c.relam
        where n.nspname = 'public' and c.relkind = 'i' and am.amname = 'btree'`)
    ).rows;
    const broken = [];
    for (const i of indexes) {
      try {
        await db.query('select bt_index_check($1::regclass, true)', [i.oid]);
      } catch (error) {
        broken.push(`${i.relname}: ${error.message}`);
      }
    }
    check(
      broken.length === 0,
      `bt_index_check (heapallindexed) over ${indexes.length} indexes: ${broken.join('; ') || 'no problem'}`,
    );
    const [c] = (
      await db.query(`
        select (select count(*)::int from projects) as projects,
               (select count(*)::int from payments) as payments,
               (select count(*)::int from sandbox_payment_intents
                 where status = 'succeeded') as charges,
               (select count(*)::int from sandbox_payment_intents i
                 where i.status = 'succeeded' and not exists (
                   select 1 from payments p where p.transaction_id = i.id)) as orphans,
               (select count(*)::int from users where role = 'client') as customers`)
    ).rows;
    console.log(
      `  at the end: ${c.customers} customers, ${c.projects} projects, ${c.payments} payments, ` +
        `${c.charges} charges at the provider`,
    );
    check(
      c.projects === c.payments && c.payments === c.charges && c.orphans === 0,
      `one project and one payment per charge, ${c.orphans} charge(s) without a payment`,
    );
  });
}

/** The distinct errors behind the server's failed requests, from its JSON log lines. */
function loggedCauses(output) {
  const causes = new Map();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line);
      const err = entry.err;
      if (!err || entry.level < 40) continue;
      const text = `${entry.msg}: ${err.code ? `${err.code} ` : ''}${String(err.message).slice(0, 140)}`;
      causes.set(text, (causes.get(text) ?? 0) + 1);
    } catch {
      // Not a log line of ours.
    }
  }
  return causes;
}

/** Opens the stopped server's PGlite folder directly. */
async function withDatabase(dataDir, work) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'), {
    extensions: { amcheck, pg_trgm },
  });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const tail = (text, n) => text.trim().split('\n').slice(-n).join('\n');
const indent = (text) =>
  text
    .split('\n')
    .map((l) => `    | ${l.slice(0, 200)}`)
    .join('\n');

// --- payment provider that does not answer ------------------------------------------------------

async function paymentHang() {
  console.log('\n## A payment provider that charges, then does not answer');
  const stripe = fakeStripe();
  await new Promise((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
  const dataDir = makeDataDir('noise-faults-payment-');
  let server;
  try {
    server = await startServer({
      dataDir,
      env: {
        ...SERVER_ENV,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_faults',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_faults',
        STRIPE_WEBHOOK_SECRET: 'whsec_faults',
        STRIPE_API_BASE: `http://127.0.0.1:${stripe.server.address().port}`,
      },
    });
    const base = server.url;
    const staff = await staffLogin(base);
    const coordinatorId = await createCoordinator(base, staff);
    const { oneTime } = await findPackages(base);
    const customer = await signUp(base, 0);
    const body = {
      ...(await orderBody({ choice: oneTime, customer, coordinatorId })),
      payment_method: 'pm_card_visa',
    };
    const pay = () =>
      attempt(base, 'POST', '/api/payments/handle-payment', {
        token: customer.token,
        body,
        timeoutMs: 600_000,
      });

    // The provider takes the first create-payment call (and charges), then never answers it.
    stripe.holdNextCreate();
    const started = Date.now();
    const first = pay();
    await sleep(5000);
    const second = await pay(); // the customer clicks Pay again, same key
    const secondAt = Date.now() - started;
    const firstDone = await first;
    const firstAt = Date.now() - started;
    const third = await pay(); // and once more, after the first answered
    const creates = stripe.createCalls(body.idempotencyKey);
    const charges = stripe.intents.size;
    console.log(
      `  first click: ${firstDone.status} after ${seconds(firstAt)}` +
        `${firstDone.status === 200 ? '' : ` (${firstDone.message})`}`,
    );
    console.log(
      `  second click at 5 s: ${second.status} after ${seconds(secondAt - 5000)} (${second.message})`,
    );
    console.log(`  third click, after: ${third.status} in ${third.ms} ms`);
    console.log(
      `  at the provider: ${creates} create-payment calls with the key, ${charges} charge(s)`,
    );
    await server.kill('SIGTERM');
    server = undefined;
    const counts = await withDatabase(
      dataDir,
      async (db) =>
        (
          await db.query(`select (select count(*)::int from projects) as projects,
                                 (select count(*)::int from payments) as payments`)
        ).rows[0],
    );
    console.log(`  recorded: ${counts.projects} project(s), ${counts.payments} payment(s)`);
    check(firstDone.status === 200, 'the held checkout ends paid');
    check(
      third.status === 200 && third.json?.projectId === firstDone.json?.projectId,
      'a later click with the same key answers the same project',
    );
    check(charges === 1, 'one charge at the provider');
    check(counts.projects === 1 && counts.payments === 1, 'one project and one payment');
  } finally {
    await server?.kill('SIGKILL');
    stripe.release();
    await new Promise((resolve) => stripe.server.close(resolve));
    removeDir(dataDir);
  }
}

/**
 * Just enough of Stripe's API for a checkout, honouring idempotency keys as Stripe does (the
 * same key replays the first answer; while its first request runs, a 409). `holdNextCreate`
 * makes the next create-payment call charge and then never answer.
 */
function fakeStripe() {
  const calls = [];
  const intents = new Map();
  const answers = new Map();
  const running = new Set();
  const held = [];
  let hold = false;
  let n = 0;
  const route = (method, url, form) => {
    if (method === 'POST' && url === '/v1/customers') {
      return { status: 200, body: { id: `cus_faults_${++n}`, object: 'customer' } };
    }
    if (method === 'POST' && url === '/v1/payment_intents') {
      const id = `pi_faults_${++n}`;
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: form.get('payment_method'),
        status: 'succeeded',
        client_secret: `${id}_secret`,
        metadata: {},
        last_payment_error: null,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const pm = /^\/v1\/payment_methods\/([^/]+)/.exec(url);
    if (pm) {
      return {
        status: 200,
        body: {
          id: pm[1],
          object: 'payment_method',
          customer: form.get('customer') ?? null,
          card: { last4: '4242', brand: 'visa' },
        },
      };
    }
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(url);
    if (customer) return { status: 200, body: { id: customer[1], object: 'customer' } };
    return { status: 404, body: { error: { type: 'invalid_request_error', message: url } } };
  };
  const send = (res, answer) => {
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_f' });
    res.end(JSON.stringify(answer.body));
  };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url, 'http://localhost').pathname;
    const key = req.headers['idempotency-key'];
    calls.push({ url, key });
    const cacheKey = key && `${req.method} ${url} ${key}`;
    if (cacheKey && running.has(cacheKey)) {
      return send(res, {
        status: 409,
        body: { error: { type: 'idempotency_error', message: 'In-progress request' } },
      });
    }
    let answer = cacheKey && answers.get(cacheKey);
    if (!answer) {
      answer = route(req.method, url, new URLSearchParams(raw));
      if (cacheKey) answers.set(cacheKey, answer);
    }
    if (hold && url === '/v1/payment_intents') {
      hold = false;
      // Charged, never answered; the key counts as in progress while the call is open.
      if (cacheKey) running.add(cacheKey);
      req.socket.once('close', () => cacheKey && running.delete(cacheKey));
      held.push(res);
      return;
    }
    send(res, answer);
  });
  return {
    server,
    intents,
    holdNextCreate: () => (hold = true),
    createCalls: (key) =>
      calls.filter((c) => c.url === '/v1/payment_intents' && c.key === key).length,
    release: () => held.forEach((res) => res.destroy()),
  };
}

if (!values.only || values.only === 'disk' || values.only === 'wal') {
  if (process.getuid?.() === 0) {
    if (values.only !== 'wal') await diskFull();
    if (values.only !== 'disk') await walFull();
  } else {
    console.log('\n## Disk full: skipped, mounting a tmpfs needs root');
    failures++;
  }
}
if (!values.only || values.only === 'payment') await paymentHang();
console.log(failures ? `\nfaults: ${failures} check(s) FAILED` : '\nfaults: OK');
process.exit(failures ? 1 : 0);
