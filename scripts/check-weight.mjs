// npm run check:weight: the first-load JavaScript budget and the catalogue's HTTP caching.
//
// Starts the built server (building first if needed) on a free port with a fresh data folder,
// opens / and /services/seo in Chromium and collects every script the page loads until the
// network is idle, without any interaction. Each script is then requested again with
// `Accept-Encoding: gzip` and the bytes of the encoded body on the wire are counted: the figure
// is what the server really sends to a gzip-only client (brotli, which Chromium prefers, is
// printed beside it). It fails above BUDGET_KB per page, and when /api/services/seo,
// /api/industries or /api/pages/website answer without an ETag or without a 304 on
// If-None-Match.
//
// Options: --url http://host:port (measure a running server instead), --build (rebuild first),
// --json (print the figures as JSON on the last line).
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureBuilt,
  startBuiltServer,
} from './lib/built-server.mjs';

export const BUDGET_KB = 110;
const PAGES = [
  { path: '/', ready: { role: 'heading', name: 'We Make Noise.' } },
  { path: '/services/seo', ready: { role: 'heading', name: 'SEO FAQs' } },
];
const CACHED_APIS = ['/api/services/seo', '/api/industries', '/api/pages/website'];

/** Bytes of the body as sent (not decoded) for the given Accept-Encoding. */
function encodedSize(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' })
          : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

async function measurePage(browser, baseUrl, { path, ready }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await page.getByRole(ready.role, { name: ready.name }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();

  const files = [];
  for (const url of [...scripts].sort()) {
    const gzip = await encodedSize(url, 'gzip');
    const br = await encodedSize(url, 'br');
    const identity = await encodedSize(url, 'identity');
    files.push({
      file: new URL(url).pathname,
      raw: identity.bytes,
      gzip: gzip.bytes,
      gzipEncoding: gzip.encoding,
      br: br.bytes,
    });
  }
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return { path, files, raw: sum('raw'), gzip: sum('gzip'), br: sum('br') };
}

async function checkCaching(baseUrl) {
  const results = [];
  for (const path of CACHED_APIS) {
    const first = await fetch(baseUrl + path);
    const etag = first.headers.get('etag');
    await first.arrayBuffer();
    let revalidated = null;
    if (etag) {
      const again = await fetch(baseUrl + path, { headers: { 'if-none-match': etag } });
      revalidated = again.status;
      await again.arrayBuffer();
    }
    results.push({
      path,
      status: first.status,
      etag,
      cacheControl: first.headers.get('cache-control'),
      revalidated,
      ok: first.status === 200 && Boolean(etag) && revalidated === 304,
    });
  }
  return results;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

export async function checkWeight(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = [];
    for (const page of PAGES) pages.push(await measurePage(browser, baseUrl, page));
    const caching = await checkCaching(baseUrl);
    return { budgetKb: BUDGET_KB, pages, caching };
  } finally {
    await browser.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      build: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  let server;
  if (!values.url) {
    ensureBuilt({ force: values.build });
    server = await startBuiltServer();
  }
  const baseUrl = values.url ?? server.url;
  let report;
  try {
    report = await checkWeight(baseUrl);
  } finally {
    await server?.stop();
  }

  const failures = [];
  for (const page of report.pages) {
    console.log(`\nFirst load of ${page.path}: JavaScript by file`);
    console.table(
      page.files.map((f) => ({
        file: f.file,
        'raw KB': kb(f.raw),
        'gzip KB': kb(f.gzip),
        'br KB': kb(f.br),
        'sent as': f.gzipEncoding,
      })),
    );
    console.log(
      `${page.path}: ${page.files.length} scripts, ${kb(page.raw)} KB raw, ` +
        `${kb(page.gzip)} KB gzip (budget ${BUDGET_KB} KB), ${kb(page.br)} KB brotli`,
    );
    if (page.gzip > BUDGET_KB * 1024) {
      failures.push(`${page.path} loads ${kb(page.gzip)} KB of gzip JavaScript`);
    }
  }
  console.log('\nPublic catalogue caching');
  console.table(
    report.caching.map((c) => ({
      path: c.path,
      etag: c.etag ?? '(none)',
      'cache-control': c.cacheControl ?? '(none)',
      'If-None-Match answer': c.revalidated ?? '-',
    })),
  );
  for (const c of report.caching) {
    if (!c.ok) failures.push(`${c.path}: no ETag or no 304 on If-None-Match`);
  }
  if (failures.length) console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
  else console.log('\nWithin budget; catalogue answers revalidate with ETags.');
  if (values.json) console.log(JSON.stringify(report));
  process.exit(failures.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
