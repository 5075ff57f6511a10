// npm run bench:live: how many live pages one server process holds (docs/performance.md#live-pages).
// On a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL, a role that may create
// databases; made and dropped), one built server process (WORKERS=1) takes --streams event
// streams (GET /api/notifications/stream) of signed-in customers and staff from this one process;
// then customers post --messages messages on their projects, one after the other, and every
// stream that watches the project (its customer's, its co-ordinator's, every admin's) times the
// project event's arrival from the POST. Prints, against their targets:
//   - the server's memory per open stream: RSS and heap (after garbage collection) before and
//     after opening them, divided by their number (target under 20 KB);
//   - the p99 time from a message's POST to its arrival at every watcher (target under 250 ms);
//   - with WORKERS=2 (docs/deploy.md), that a message posted to one process reaches the watchers
//     whose streams the other process holds (the event ids name the process that sent them).
// Users, sessions and tokens are made directly in the database (sessions rows and tokens signed
// with the server's TOKEN_SECRET as modules/auth does), projects by scripts/generate-data.mjs.
// Options: --streams 10000 --messages 30 --customers 1800 (5 streams each by default; the rest of
// the streams are staff's) --workers-streams 400 --no-workers
// Requires `npm run build` (done when missing). Needs file descriptors: one per stream on each
// side (`ulimit -n` above --streams + 1000).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import pg from 'pg';
import { percentile } from './replay-limit.mjs';
import { generate, root, startServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    messages: { type: 'string', default: '30' },
    customers: { type: 'string', default: '1800' },
    admins: { type: 'string', default: '10' },
    'workers-streams': { type: 'string', default: '400' },
    'no-workers': { type: 'boolean', default: false },
  },
});
const STREAMS = Number(values.streams);
const MESSAGES = Number(values.messages);
const CUSTOMERS = Number(values.customers);
const ADMINS = Number(values.admins);
/** Targets (docs/performance.md#live-pages). */
const MEMORY_TARGET_KB = 20;
const DELIVERY_TARGET_MS = 250;
/** Streams opened at once: the server's listen backlog takes a few hundred. */
const OPENING = 200;
/** How long a message may take to reach every watcher before it counts as lost. */
const DELIVERY_TIMEOUT_MS = 10_000;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log(
    'The live streams bench needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
  );
  process.exit(1);
}
if (
  !existsSync(`${root}apps/server/dist/main.js`) ||
  !existsSync(`${root}apps/web/dist/index.html`)
) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-live-'));
const dbName = `bench_live_${randomBytes(4).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: url.toString(),
  LOG_LEVEL: 'warn',
  TOKEN_SECRET: secret,
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: 'bench password',
  UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
};
const probeFile = path.join(dataDir, 'memory.json');
const results = [];

await adminQuery(`create database ${dbName}`);
try {
  const people = await prepare();
  results.push(...(await measureOne(people)));
  if (!values['no-workers']) results.push(await measureWorkers(people));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(`drop database if exists ${dbName} with (force)`);
}
console.log('');
for (const line of results) console.log(line);

/**
 * The schema (a server started once), generated projects, admins, and a session and token for
 * each person who watches: customers with a project each, the co-ordinators and the admins.
 */
async function prepare() {
  const first = await startServer(env);
  await first.stop();
  await generate(env, [
    '--services',
    '20',
    '--sales',
    String(CUSTOMERS * 3),
    '--customers',
    String(CUSTOMERS),
    '--quiet',
  ]);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `insert into users (id, email, role, first_name, last_name)
       select 'gen-live-admin-' || g, 'live-admin' || g || '@generated.example', 'admin', 'Live',
              'Admin ' || g
       from generate_series(1, $1::int) g`,
      [ADMINS],
    );
    // Each customer's first project, with its co-ordinator (or none).
    const { rows: projects } = await db.query(
      `select distinct on (user_id) id, user_id, coordinator_id from projects
       where user_id like 'gen-u-%' and status = 'active' order by user_id, id`,
    );
    const { rows: staff } = await db.query(
      `select id, role from users where role in ('admin', 'super-admin', 'co-ordinator')
       and id like 'gen-%'`,
    );
    const people = [
      ...projects.map((p) => ({
        id: p.user_id,
        role: 'client',
        project: p.id,
        coordinator: p.coordinator_id,
      })),
      ...staff.map((s) => ({ id: s.id, role: s.role })),
    ];
    const expires = new Date(Date.now() + 7 * 86400_000);
    await db.query(
      `insert into sessions (id, user_id, expires_at)
       select 'gen-live-s-' || u, u, $2 from unnest($1::text[]) u`,
      [people.map((p) => p.id), expires],
    );
    const { rows: versions } = await db.query(
      `select id, token_version from users where id = any($1)`,
      [people.map((p) => p.id)],
    );
    const version = new Map(versions.map((v) => [v.id, v.token_version]));
    const key = new TextEncoder().encode(secret);
    for (const person of people) {
      person.token = await new SignJWT({
        sid: `gen-live-s-${person.id}`,
        ver: version.get(person.id),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(person.id)
        .setIssuer('noise-agency')
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(key);
    }
    console.log(
      `${projects.length} customers with a project, ${staff.length} staff (${staff.filter((s) => s.role !== 'co-ordinator').length} admins)`,
    );
    return people;
  } finally {
    await db.end();
  }
}

/** Who opens how many streams: staff a share each of a tenth of them, customers the rest. */
function plan(people, total) {
  const staff = people.filter((p) => p.role !== 'client');
  const customers = people.filter((p) => p.role === 'client');
  const staffStreams = Math.round(total / 10);
  const perStaff = Math.max(1, Math.floor(staffStreams / staff.length));
  const perCustomer = Math.max(1, Math.ceil((total - perStaff * staff.length) / customers.length));
  const opens = [];
  for (const s of staff) for (let i = 0; i < perStaff; i++) opens.push(s);
  for (const c of customers) {
    for (let i = 0; i < perCustomer && opens.length < total; i++) opens.push(c);
  }
  return opens;
}

/**
 * One stream: resolves once its first count arrived. `onProject(projectId, eventId)` for every
 * project event; `close()` ends it.
 */
function openStream(base, person, onProject) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/notifications/stream`,
      { agent, headers: { authorization: `Bearer ${person.token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`stream answered ${res.statusCode}`));
        }
        res.setEncoding('utf8');
        let ready = false;
        let buffer = '';
        res.on('data', (chunk) => {
          if (!ready && chunk.includes('"unreadCount"')) {
            ready = true;
            // The process that holds the stream: its events' ids start with its name.
            const process = /^id: (.+)-\d+$/m.exec(chunk)?.[1];
            resolve({ close: () => req.destroy(), person, process });
          }
          if (!chunk.includes('event: project') && !buffer) return;
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const projectId = /"projectId":"([^"]+)"/.exec(event)?.[1];
            if (projectId) onProject(projectId, /^id: (.+)$/m.exec(event)?.[1]);
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
}

/** Opens a stream for each entry of `opens`, OPENING at a time. */
async function openAll(base, opens, onProject) {
  const streams = [];
  for (let from = 0; from < opens.length; from += OPENING) {
    const batch = opens.slice(from, from + OPENING);
    streams.push(...(await Promise.all(batch.map((p) => openStream(base, p, onProject)))));
  }
  return streams;
}

/** The server's RSS (from /proc) and heap after garbage collection (memory-probe.mjs). */
async function memoryOf(pid) {
  rmSync(probeFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(probeFile); i++)
    await new Promise((r) => setTimeout(r, 50));
  // Written in one go, but it may be caught half-way.
  await new Promise((r) => setTimeout(r, 50));
  const usage = JSON.parse(readFileSync(probeFile, 'utf8'));
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
  return { rss, heap: usage.heapUsed, external: usage.external + usage.arrayBuffers };
}

/** Posts a message as `person` on their project; resolves when it is answered. */
async function postMessage(base, person, text) {
  const form = new FormData();
  form.append('text', text);
  const res = await fetch(`${base}/api/projects/${person.project}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${person.token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`posting a message: ${res.status} ${await res.text()}`);
}

/**
 * Posts messages one after the other, each on a different customer's project, and times each
 * watcher's project event from the POST. Answers the times and the messages that reached not
 * every watcher. `heard` is fed by the streams' onProject.
 */
async function deliver(base, streams, heard, count, onEach = () => {}) {
  const watchersOf = (customer) =>
    streams.filter(
      (s) =>
        s.person.id === customer.id ||
        (s.person.role !== 'client' &&
          (s.person.role !== 'co-ordinator' || s.person.id === customer.coordinator)),
    ).length;
  const customers = [...new Set(streams.map((s) => s.person))].filter((p) => p.role === 'client');
  const took = [];
  let missed = 0;
  for (let n = 0; n < count; n++) {
    const customer = customers[(n * 7919) % customers.length];
    const expected = watchersOf(customer);
    const waiting = { sent: 0, arrivals: [], ids: new Set(), done: () => {} };
    heard.set(customer.project, waiting);
    const all = new Promise((resolve) => {
      waiting.done = resolve;
    });
    waiting.expected = expected;
    waiting.sent = performance.now();
    await postMessage(base, customer, `Live bench message ${n}`);
    const timeout = new Promise((r) => setTimeout(() => r('timeout'), DELIVERY_TIMEOUT_MS));
    if ((await Promise.race([all, timeout])) === 'timeout') missed += 1;
    heard.delete(customer.project);
    took.push(...waiting.arrivals);
    onEach(waiting);
  }
  return { took, missed };
}

/** The arrival handler of `heard`: one time per watcher and message. */
function listener(heard) {
  return (projectId, eventId) => {
    const waiting = heard.get(projectId);
    if (!waiting) return;
    waiting.arrivals.push(performance.now() - waiting.sent);
    if (eventId) waiting.ids.add(eventId.replace(/-\d+$/, ''));
    if (waiting.arrivals.length === waiting.expected) waiting.done();
  };
}

async function measureOne(people) {
  const server = await startServer(
    { ...env, WORKERS: '1', MEMORY_PROBE_FILE: probeFile },
    { nodeArgs: ['--expose-gc', '--import', new URL('./memory-probe.mjs', import.meta.url).href] },
  );
  try {
    const heard = new Map();
    const onProject = listener(heard);
    const opens = plan(people, STREAMS);
    // A first stream and message: the listener, the pool and the code paths warmed.
    const warm = await openAll(
      server.base,
      [...opens.slice(0, 10), ...opens.slice(-10)],
      onProject,
    );
    await deliver(server.base, warm, heard, 2);
    for (const s of warm) s.close();
    await new Promise((r) => setTimeout(r, 500));
    const before = await memoryOf(server.pid);
    const started = performance.now();
    const streams = await openAll(server.base, opens, onProject);
    const openMs = performance.now() - started;
    console.log(`${streams.length} streams open in ${(openMs / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await memoryOf(server.pid);
    const { took, missed } = await deliver(server.base, streams, heard, MESSAGES);
    for (const s of streams) s.close();
    const kb = (bytes) => (bytes / streams.length / 1024).toFixed(1);
    const rssPer = (after.rss - before.rss) / streams.length / 1024;
    const heapPer = (after.heap - before.heap) / streams.length / 1024;
    const p50 = percentile(took, 0.5);
    const p99 = percentile(took, 0.99);
    const watchers = Math.round(took.length / MESSAGES);
    return [
      `Memory per open stream, ${streams.length} streams on one process: RSS ${rssPer.toFixed(1)} KB ` +
        `(${mb(before.rss)} -> ${mb(after.rss)} MB), heap ${heapPer.toFixed(1)} KB ` +
        `(${mb(before.heap)} -> ${mb(after.heap)} MB), buffers ${kb(after.external - before.external)} KB ` +
        `(target under ${MEMORY_TARGET_KB} KB: ${Math.max(rssPer, heapPer) < MEMORY_TARGET_KB ? 'met' : 'missed'})`,
      `Message to every watcher, ${MESSAGES} messages one after the other, ${watchers} watchers each on average, ` +
        `${streams.length} streams open: p50 ${p50?.toFixed(0)} ms, p99 ${p99?.toFixed(0)} ms` +
        `${missed ? `, ${missed} messages not heard by every watcher in ${DELIVERY_TIMEOUT_MS / 1000} s` : ''} ` +
        `(target p99 under ${DELIVERY_TARGET_MS} ms: ${!missed && p99 < DELIVERY_TARGET_MS ? 'met' : 'missed'})`,
    ];
  } finally {
    await server.stop();
  }
}

/** WORKERS=2: watchers held by both processes hear a message posted to one of them. */
async function measureWorkers(people) {
  const server = await startServer({ ...env, WORKERS: '2' });
  try {
    const heard = new Map();
    // The second worker may start listening after the first answered /readyz: until both hold
    // streams, they are opened again.
    let streams = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      streams = await openAll(
        server.base,
        plan(people, Number(values['workers-streams'])),
        listener(heard),
      );
      if (new Set(streams.map((s) => s.process)).size > 1) break;
      for (const s of streams) s.close();
      await new Promise((r) => setTimeout(r, 500));
    }
    const held = {};
    for (const s of streams) held[s.process] = (held[s.process] ?? 0) + 1;
    console.log(`WORKERS=2: streams held by each process: ${Object.values(held).join(' and ')}`);
    const processes = [];
    const { took, missed } = await deliver(server.base, streams, heard, 5, (w) =>
      processes.push(w.ids.size),
    );
    // Every watcher heard each message, and some messages were heard on both processes.
    const both = processes.some((n) => n === 2);
    for (const s of streams) s.close();
    return (
      `WORKERS=2, ${streams.length} streams (${Object.values(held).join(' and ')} on each process): 5 messages, each heard by every watcher ` +
      `${missed ? `except in ${missed} of them ` : ''}(processes that wrote each message's events: ${processes.join(', ')}; ` +
      `p99 ${percentile(took, 0.99)?.toFixed(0)} ms) (target: a message reaches the other process's watchers: ${!missed && both ? 'met' : 'missed'})`
    );
  } finally {
    await server.stop();
  }
}

function mb(bytes) {
  return (bytes / 1024 / 1024).toFixed(1);
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
