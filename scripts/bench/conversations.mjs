// npm run bench -- --only conversations: a project's conversation of 5,000 messages and a staff
// Inbox over 100,000 messages (scripts/generate-data.mjs --thread-messages, --inbox-messages),
// timed one request at a time on one kept-alive connection, each against its p50 target
// (docs/decisions/084-flat-reads-at-scale.md): the thread's first page, the next older page, the
// Inbox and the customer's unread counts. On PGlite and PostgreSQL; the tables between the
// `bench:conversations:<db>` markers of docs/performance.md are rewritten.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { percentile } from './replay-limit.mjs';
import { markdownTable, writePerformanceBlocks } from './performance-doc.mjs';
import { generate, startServer } from './server.mjs';

const STAFF = { email: 'bench@example.com', password: 'bench password' };
const CUSTOMER = {
  firstName: 'Bench',
  lastName: 'Customer',
  email: 'bench-customer@example.com',
  phoneNumber: '0412345678',
  password: 'bench password',
};
/** One connection, kept alive from request to request. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
const TARGET_MS = 50;

/**
 * Measures the conversation endpoints on each database in `kinds`, `seconds` per endpoint in
 * `rounds` rounds taken in turn; writes docs/performance.md unless `write` is false.
 */
export async function benchConversations({
  kinds,
  adminUrl,
  seconds = 5,
  rounds = 5,
  threadMessages = 5000,
  inboxMessages = 100000,
  write = true,
}) {
  const results = {};
  for (const kind of kinds) {
    if (kind === 'postgres' && !adminUrl) {
      console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
      continue;
    }
    results[kind] = await onDatabase(kind, adminUrl, {
      seconds,
      rounds,
      threadMessages,
      inboxMessages,
    });
  }
  if (write) writeDocs(results, { seconds, rounds, threadMessages, inboxMessages });
  return results;
}

async function onDatabase(kind, adminUrl, options) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-bench-conversations-'));
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: STAFF.email,
    ADMIN_PASSWORD: STAFF.password,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  let dbName;
  const admin = adminUrl ? new pg.Client({ connectionString: adminUrl }) : null;
  if (kind === 'postgres') {
    await admin.connect();
    dbName = `bench_conv_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  console.log(`\n=== conversations, ${kind} ===`);
  let server;
  try {
    // The schema, the admin and the customer; then the data, with the server stopped.
    server = await startServer(env);
    const signup = await post(server.base, '/api/auth/signup', CUSTOMER);
    if (!signup.token) throw new Error(`sign-up failed: ${JSON.stringify(signup)}`);
    await server.stop();
    server = undefined;
    await generate(env, [
      '--services',
      '100',
      '--sales',
      '3000',
      '--customers',
      '200',
      '--customer-email',
      CUSTOMER.email,
      '--customer-sales',
      '20',
      '--thread-messages',
      String(options.threadMessages),
      '--inbox-messages',
      String(options.inboxMessages),
    ]);
    server = await startServer(env);
    const base = server.base;
    const staff = {
      authorization: `Bearer ${(await post(base, '/api/auth/admin-login', STAFF)).token}`,
    };
    const customer = {
      authorization: `Bearer ${(await post(base, '/api/auth/login', { username: CUSTOMER.email, password: CUSTOMER.password })).token}`,
    };
    const thread = '/api/projects/gen-p-1/messages';
    const first = await getJson(base, thread, customer);
    if (!first.olderCursor) throw new Error('the long thread has no older page');
    const targets = [
      {
        name: `GET ${thread} (customer: the newest 50 of ${options.threadMessages})`,
        path: thread,
        headers: customer,
      },
      {
        name: 'same, the next older page (before=)',
        path: `${thread}?before=${encodeURIComponent(first.olderCursor)}`,
        headers: customer,
      },
      { name: 'same, as staff (with internal notes)', path: thread, headers: staff },
      {
        name: `GET /api/messages/inbox (staff, ${options.inboxMessages} messages unread)`,
        path: '/api/messages/inbox',
        headers: staff,
      },
      {
        name: 'GET /api/messages/unread (the customer)',
        path: '/api/messages/unread',
        headers: customer,
      },
    ];
    const rows = [];
    for (const t of targets) {
      await timeRequests(base, t, 0.5); // warm-up
      const took = [];
      let errors = 0;
      for (let round = 0; round < options.rounds; round++) {
        const answered = await timeRequests(base, t, options.seconds / options.rounds);
        took.push(...answered.took);
        errors += answered.errors;
      }
      const p50 = percentile(took, 0.5);
      const row = {
        endpoint: t.name,
        'p50 ms': +p50.toFixed(2),
        'p99 ms': +percentile(took, 0.99).toFixed(2),
        [`target (p50 < ${TARGET_MS} ms)`]: p50 < TARGET_MS ? 'met' : 'missed',
        requests: took.length,
        errors,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    console.table(rows);
    return rows;
  } finally {
    if (server) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) await admin.query(`drop database if exists ${dbName} with (force)`);
    if (admin) await admin.end();
  }
}

async function post(base, url, body) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function getJson(base, url, headers) {
  const res = await fetch(base + url, { headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * Milliseconds each request took, one after the other for `seconds`, and how many were not
 * answered 200 (a 503 when the database is briefly unreachable on a busy machine): counted, not
 * timed.
 */
async function timeRequests(base, t, seconds) {
  const took = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const status = await new Promise((resolve, reject) => {
      const req = http.request(
        base + t.path,
        { agent: keepAlive, headers: { 'accept-encoding': 'gzip, deflate, br', ...t.headers } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.end();
    });
    if (status === 200) took.push(performance.now() - started);
    else errors++;
  }
  if (took.length === 0) throw new Error(`${t.name} was never answered 200`);
  return { took, errors };
}

function writeDocs(byKind, { seconds, rounds, threadMessages, inboxMessages }) {
  const date = new Date().toISOString().slice(0, 10);
  writePerformanceBlocks(
    Object.entries(byKind).map(([kind, rows]) => ({
      name: `conversations:${kind}`,
      text: () =>
        markdownTable(
          `${date}, 2 cores, ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, a thread of ${threadMessages} messages and ${inboxMessages} more across 2,000 projects, one connection, ${seconds} s per endpoint in ${rounds} rounds:`,
          rows,
        ),
    })),
  );
}
