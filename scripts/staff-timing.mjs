// npm run staff-timing: how long each staff screen takes to first show its content, signed in
// with the HTTP cache empty, in headless Chromium on the built server.
//
// Starts the built server (building first if needed) on a fresh data folder with the demo data,
// optionally adds a generated sales history (--sales N, scripts/generate-data.mjs, with the server
// stopped), signs the admin in, and opens each screen in a new browser context: once to let the
// app remember the signed-in user (as for anyone who has used the staff area before), then, with
// the HTTP cache emptied, once more for the timing. A screen has shown its content when its main
// heading is there and nothing on the page is a spinner or a skeleton any more; the time is the
// page's own clock (performance.now(), from the start of the navigation). Also counts the
// scripts each screen loads (their encoded bytes) and names any that only one screen should
// load (the charts). Not part of CI: a timing on a shared machine is not a test.
//
// Options: --sales N (default 0: the demo sales only), --runs N (default 3; the median is
// shown), --only /wkm-dashboard/path (repeatable), --json, --write (the table into
// docs/performance.md between its staff-timing markers).
/* global document, window, requestAnimationFrame -- what page.evaluate runs, runs in the page */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureBuilt,
  root,
  startBuiltServer,
} from './lib/built-server.mjs';

const SCREENS = [
  '/wkm-dashboard',
  '/wkm-dashboard/my-work',
  '/wkm-dashboard/inbox',
  '/wkm-dashboard/sales',
  '/wkm-dashboard/customers',
  '/wkm-dashboard/services',
  '/wkm-dashboard/custom-quotes',
  '/wkm-dashboard/site-users',
  '/wkm-dashboard/reporting',
  '/wkm-dashboard/audit-log',
];
/** Chunks that belong to one screen alone: loading them anywhere else is a regression. */
const ONLY_ON = { '/reporting-': '/wkm-dashboard/reporting' };
const TARGET_MS = 1500;

const { values } = parseArgs({
  options: {
    sales: { type: 'string', default: '0' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const SALES = Number(values.sales);
const RUNS = Math.max(1, Number(values.runs));
const screens = SCREENS.filter((s) => !values.only || values.only.includes(s));

ensureBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'noise-staff-timing-'));
const env = { DATA_DIR: path.join(dataDir, 'data') };
let server = await startBuiltServer(env);
if (SALES > 0) {
  // The generator writes into the folder PGlite holds: with the server stopped.
  await server.stop();
  execFileSync(
    process.execPath,
    [path.join(root, 'scripts/generate-data.mjs'), '--sales', String(SALES), '--quiet'],
    { env: { ...process.env, DATA_DIR: env.DATA_DIR }, stdio: 'inherit' },
  );
  server = await startBuiltServer(env);
}

const login = await fetch(`${server.url}/api/auth/admin-login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: 'measure-admin@example.com',
    password: 'measure admin password',
  }),
});
if (!login.ok) throw new Error(`admin sign-in: ${login.status} ${await login.text()}`);
const { token } = await login.json();

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Resolves with performance.now() once the screen shows its content (see the top comment). */
const shown = () =>
  new Promise((resolve) => {
    const ready = () =>
      document.querySelector('main h1') !== null &&
      document.querySelector('.animate-spin, .animate-pulse') === null;
    const poll = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(poll));
    poll();
  });

async function measure(screen) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((t) => window.localStorage.setItem('authToken', t), token);
  const page = await context.newPage();
  // Once to let the app remember the user, as for any returning member of staff.
  await page.goto(server.url + screen);
  await page.waitForFunction(shown, undefined, { timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    await response.finished();
    const { responseBodySize } = await response.request().sizes();
    scripts.set(new URL(response.url()).pathname, responseBodySize);
  });
  await page.goto(server.url + screen);
  const ms = await page.evaluate(shown);
  // Scripts asked for as the screen settles (the bell, menus) count too; a live stream never
  // lets the network go idle, so a short pause stands in for that.
  await page.waitForTimeout(500);
  await context.close();
  return { ms, scripts };
}

const rows = [];
try {
  for (const screen of screens) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(screen));
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const { scripts } = runs[0];
    const misplaced = [...scripts.keys()].filter((file) =>
      Object.entries(ONLY_ON).some(([chunk, home]) => file.includes(chunk) && home !== screen),
    );
    rows.push({
      screen,
      medianMs: Math.round(times[Math.floor(times.length / 2)]),
      worstMs: Math.round(times[times.length - 1]),
      scripts: scripts.size,
      scriptKb: Math.round([...scripts.values()].reduce((a, b) => a + b, 0) / 102.4) / 10,
      misplaced,
    });
    const row = rows.at(-1);
    if (!values.json) {
      console.log(
        `${screen}: ${row.medianMs} ms (worst ${row.worstMs}), ${row.scripts} scripts, ${row.scriptKb} KB${misplaced.length ? `, should not load ${misplaced.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const over = rows.filter((r) => r.medianMs > TARGET_MS || r.misplaced.length);
if (values.json) console.log(JSON.stringify(rows));
if (values.write) {
  const file = path.join(root, 'docs/performance.md');
  const table = [
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, PGlite, demo data${SALES ? ` plus ${SALES.toLocaleString('en-AU')} generated sales` : ''}, median of ${RUNS} loads per screen at 1280 px, signed in, HTTP cache empty:`,
    '',
    '| screen | content shown (median) | worst | scripts | script KB (encoded) |',
    '| ------ | ---------------------- | ----- | ------- | ------------------- |',
    ...rows.map(
      (r) =>
        `| \`${r.screen}\` | ${r.medianMs} ms | ${r.worstMs} ms | ${r.scripts} | ${r.scriptKb} |`,
    ),
  ].join('\n');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- staff-timing:start -->';
  const end = '<!-- staff-timing:end -->';
  if (!text.includes(start)) throw new Error(`docs/performance.md has no ${start} marker`);
  writeFileSync(
    file,
    text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n\n${table}\n\n${end}`),
  );
}
if (over.length) {
  console.error(
    `over ${TARGET_MS} ms or loading another screen's code: ${over.map((r) => r.screen).join(', ')}`,
  );
  process.exitCode = 1;
}
