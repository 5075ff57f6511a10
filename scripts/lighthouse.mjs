// npm run lighthouse: mobile Lighthouse scores of / and a service page on the built server.
//
// Starts the built server (building first if needed) on a free port with a fresh data folder,
// launches Debian's Chromium through chrome-launcher and runs Lighthouse's default (mobile,
// simulated throttling) configuration on each page, printing the four category scores. Too slow
// for CI; the first-load budget is enforced by scripts/check-weight.mjs instead.
//
// Options: --url http://host:port (a running server), --build (rebuild first),
// --json (the scores as JSON on the last line), --report DIR (save the HTML reports there).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureBuilt,
  startBuiltServer,
} from './lib/built-server.mjs';

const PAGES = ['/', '/services/seo'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = 95;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    build: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    report: { type: 'string' },
  },
});

let server;
if (!values.url) {
  ensureBuilt({ force: values.build });
  server = await startBuiltServer();
}
const baseUrl = values.url ?? server.url;

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'],
});

const rows = [];
const failures = [];
try {
  for (const page of PAGES) {
    const result = await lighthouse(
      baseUrl + page,
      {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    const { lhr } = result;
    const row = { page };
    for (const id of CATEGORIES) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      row[id] = score;
      if (score < TARGET) failures.push(`${page} ${id} ${score}`);
    }
    row.LCP = lhr.audits['largest-contentful-paint']?.displayValue;
    row.TBT = lhr.audits['total-blocking-time']?.displayValue;
    row.CLS = lhr.audits['cumulative-layout-shift']?.displayValue;
    rows.push(row);
    // What costs points, so a low score says why.
    for (const audit of Object.values(lhr.audits)) {
      if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
        if (audit.scoreDisplayMode === 'metricSavings' && audit.score >= 0.5) continue;
        console.log(`  ${page}: ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`);
      }
    }
    if (values.report) {
      mkdirSync(values.report, { recursive: true });
      const name = page === '/' ? 'home' : page.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      writeFileSync(path.join(values.report, `${name}.html`), result.report);
    }
  }
} finally {
  chrome.kill();
  await server?.stop();
}

console.table(rows);
if (values.json) console.log(JSON.stringify(rows));
if (failures.length) {
  console.error(`Under ${TARGET}: ${failures.join(', ')}`);
  process.exit(1);
}
