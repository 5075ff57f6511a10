// Load and soak: 50 connections of mixed public and signed-in traffic against the built server
// (PGlite, fresh data folder, demo catalogue). Fails on any error, timeout or non-2xx answer.
//
//   node scripts/reliability/load.mjs                 60 s, 50 connections
//   node scripts/reliability/load.mjs --soak          5 minutes, samples RSS and V8 heap, fails
//                                                      when the second half's mean grew
//   options: --duration <s> --connections <n> --customers <n> --json <file>
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  api,
  createCoordinator,
  ensureBuilt,
  findPackages,
  makeDataDir,
  orderBody,
  percentiles,
  procMemory,
  removeDir,
  signUp,
  sleep,
  staffLogin,
  startServer,
} from './lib.mjs';
import { loadTools } from '../lib/tools.mjs';

const { autocannon } = await loadTools();

const { values } = parseArgs({
  options: {
    soak: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    customers: { type: 'string', default: '50' },
    json: { type: 'string' },
    'sample-seconds': { type: 'string', default: '5' },
    'max-growth': { type: 'string', default: '10' },
  },
});
const duration = Number(values.duration ?? (values.soak ? 300 : 60));
const connections = Number(values.connections);
const sampleMs = Number(values['sample-seconds']) * 1000;
const maxGrowthPct = Number(values['max-growth']);

ensureBuilt();
const dataDir = makeDataDir('noise-load-');
const reportDir = path.join(dataDir, 'reports');
mkdirSync(reportDir);
// SIGUSR2 makes Node write a diagnostic report with the V8 heap: the heap without an inspector.
const server = await startServer({
  dataDir: path.join(dataDir, 'data'),
  env: {
    JOBS_POLL_INTERVAL_MS: '5000',
    NODE_OPTIONS: `--report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir}`,
  },
});
const base = server.url;
console.log(`server ${base} (pid ${server.pid}), PGlite in ${dataDir}`);

try {
  // Signed-in customers with an order each, so their lists are not empty.
  const staff = await staffLogin(base);
  const coordinatorId = await createCoordinator(base, staff);
  const { oneTime, weekly } = await findPackages(base);
  const customers = [];
  for (let i = 0; i < Number(values.customers); i++) {
    const customer = await signUp(base, i);
    const body = await orderBody({
      choice: i % 2 ? weekly : oneTime,
      customer,
      coordinatorId,
      extras: i % 3,
    });
    await api(base, 'POST', '/api/payments/handle-payment', { token: customer.token, body });
    customers.push(customer);
  }
  const pages = await api(base, 'GET', '/api/pages');
  const services = await api(base, 'GET', '/api/services');
  const terms = ['seo', 'markting', 'social media', 'video', 'web design', 'brand', 'ads', 'zzz'];
  console.log(
    `${customers.length} customers with an order; ${services.length} services, ${pages.length} pages`,
  );

  // Each connection signs in as one customer and walks this list over and over.
  let nextCustomer = 0;
  const signedIn = (p) => ({
    method: 'GET',
    path: p,
    setupRequest: (req, context) => {
      context.token ??= customers[nextCustomer++ % customers.length].token;
      return { ...req, headers: { ...req.headers, authorization: `Bearer ${context.token}` } };
    },
  });
  const rotating = (make) => {
    let n = 0;
    return { method: 'GET', setupRequest: (req) => ({ ...req, path: make(n++) }) };
  };
  const requests = [
    { method: 'GET', path: '/', headers: { accept: 'text/html' } },
    { method: 'GET', path: '/api/services' },
    rotating((n) => `/api/services/search?q=${encodeURIComponent(terms[n % terms.length])}`),
    { method: 'GET', path: '/api/industries' },
    rotating((n) => `/api/pages/${pages[n % pages.length]._id}`),
    rotating((n) => `/api/services/${services[n % services.length]._id}`),
    signedIn('/api/users/profile'),
    signedIn('/api/projects'),
    signedIn('/api/notifications'),
    { method: 'GET', path: '/services', headers: { accept: 'text/html' } },
  ];

  const latencies = [];
  const statuses = {};
  const samples = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    try {
      samples.push({ t: (Date.now() - started) / 1000, ...procMemory(server.pid) });
      process.kill(server.pid, 'SIGUSR2');
    } catch {
      // the server is gone; the run reports it
    }
  }, sampleMs);

  const instance = autocannon({
    url: base,
    connections,
    duration,
    timeout: 10,
    requests,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await new Promise((resolve, reject) =>
    instance.on('done', resolve).on('error', reject),
  );
  clearInterval(sampler);
  await sleep(500);

  // Heap figures from the reports, matched to the samples in order.
  const reports = readdirSync(reportDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(reportDir, f), 'utf8')));
  reports.forEach((r, i) => {
    if (samples[i]) {
      samples[i].heapUsedKb = Math.round(r.javascriptHeap.usedMemory / 1024);
      samples[i].heapTotalKb = Math.round(r.javascriptHeap.totalMemory / 1024);
    }
  });

  const pct = percentiles(latencies);
  const summary = {
    date: new Date().toISOString(),
    machine:
      `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? ''}`.trim(),
    mode: values.soak ? 'soak' : 'load',
    durationS: duration,
    connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: pct.p50, p95: pct.p95, p99: pct.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };

  // Memory: the first 30 s warm up; then compare the means of the two halves.
  const steady = samples.filter((s) => s.t >= Math.min(30, duration / 4));
  const half = Math.floor(steady.length / 2);
  const mean = (xs, key) => xs.reduce((a, s) => a + (s[key] ?? 0), 0) / Math.max(1, xs.length);
  // The V8 heap is a sawtooth between collections; its floor (the lower quartile of the samples)
  // is what stays alive, so that is what must not grow. RSS is compared by its mean.
  const p25 = (xs, key) => {
    const sorted = xs.map((s) => s[key] ?? 0).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 4)] ?? 0;
  };
  const growth = (key, stat = mean, label = 'Mean') => {
    const first = stat(steady.slice(0, half), key);
    const second = stat(steady.slice(half), key);
    return {
      [`firstHalf${label}Mb`]: +(first / 1024).toFixed(1),
      [`secondHalf${label}Mb`]: +(second / 1024).toFixed(1),
      growthPct: first ? +((100 * (second - first)) / first).toFixed(1) : NaN,
    };
  };
  summary.memory = {
    samples: samples.length,
    rss: growth('rssKb'),
    rssAnon: growth('anonKb'),
    heapUsed: growth('heapUsedKb'),
    heapUsedFloor: growth('heapUsedKb', p25, 'P25'),
    rssMinMaxMb: [
      +(Math.min(...samples.map((s) => s.rssKb)) / 1024).toFixed(1),
      +(Math.max(...samples.map((s) => s.rssKb)) / 1024).toFixed(1),
    ],
  };

  console.log(JSON.stringify(summary, null, 2));
  if (values.soak) {
    console.log('t (s)\tRSS MB\tanon MB\theap used MB');
    for (const s of samples) {
      console.log(
        `${s.t.toFixed(0)}\t${(s.rssKb / 1024).toFixed(1)}\t${(s.anonKb / 1024).toFixed(1)}\t${s.heapUsedKb ? (s.heapUsedKb / 1024).toFixed(1) : '-'}`,
      );
    }
  }
  if (values.json) writeFileSync(values.json, JSON.stringify({ summary, samples }, null, 2));

  const problems = [];
  if (result.errors || result.timeouts || result.non2xx) {
    problems.push(
      `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  if (values.soak) {
    for (const key of ['rss', 'heapUsedFloor']) {
      const g = summary.memory[key];
      if (!(g.growthPct <= maxGrowthPct)) {
        problems.push(`${key} grew ${g.growthPct}% (limit ${maxGrowthPct}%)`);
      }
    }
  }
  if (problems.length) {
    console.error(`FAILED: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('OK: no errors or non-2xx answers' + (values.soak ? ', no memory growth' : ''));
  }
} finally {
  await server.kill('SIGTERM');
  rmSync(reportDir, { recursive: true, force: true });
  removeDir(dataDir);
}
