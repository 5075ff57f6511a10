import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
  type Request,
} from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { watchAccessibility } from './accessibility.ts';

/** Flags that let Debian's Chromium run headless and offline as root. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Debian's headless shell (package chromium-headless-shell) when installed: Chromium without a
 * browser window's own pages behind each tab, which took a third less CPU than `chromium
 * --headless` for the same browser tests (docs/testing.md). Otherwise Debian's chromium.
 */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export interface TestBrowser {
  browser: Browser;
  newPage: (options?: {
    width?: number;
    token?: string;
  }) => Promise<{ page: Page; context: BrowserContext }>;
  close: () => Promise<void>;
}

/** This worker's Chromium (vitest.config.ts: the files a worker runs share its process). */
let workerChromium: Promise<Browser> | undefined;

async function chromiumOfWorker(): Promise<Browser> {
  const running = await workerChromium;
  if (running?.isConnected()) return running;
  workerChromium = chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  return workerChromium;
}

/**
 * The test file's browser: the worker's Chromium, in which each page gets a context of its own,
 * closed when the test that opened it ends (a page left open keeps drawing through the file's
 * later tests) or with the file. Playwright closes Chromium when the worker exits. (A Chromium
 * shared over Playwright's connection, `launchServer`, made the run twice as slow: decisions
 * 066 and 067.)
 *
 * Every page is checked with axe-core on each screen it shows (support/accessibility.ts); a
 * serious or critical violation fails the test that opened the page, when the test ends.
 */
export async function launchBrowser(baseURL: string): Promise<TestBrowser> {
  const browser = await chromiumOfWorker();
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage(options = {}) {
      const width = options.width ?? 1280;
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: width < 768 ? 812 : 900 },
        // The app's own reduced-motion rule (index.css) ends transitions at once: a screen is at
        // rest when its content is, not a fade later, and no frames are drawn for it.
        reducedMotion: 'reduce',
      });
      contexts.push(context);
      await context.addInitScript(recordPointerEvents, POINTER_LOG);
      if (options.token) {
        await context.addInitScript(
          (t) => window.localStorage.setItem('authToken', t),
          options.token,
        );
      }
      const page = await context.newPage();
      waitForHydration(page);
      const accessibility = watchAccessibility(page, baseURL);
      const journal = keepJournal(page);
      const hydrationErrors = watchHydration(page);
      onTestFinished(async ({ task }) => {
        // Before the page closes (vitest runs onTestFailed after this).
        if (task.result?.state === 'fail') await describeFailure(page, journal, task.name);
        try {
          expect(await accessibility.finish(), 'serious or critical axe-core violations').toEqual(
            [],
          );
          expect(hydrationErrors, 'server markup the app did not draw the same').toEqual([]);
        } finally {
          await context.close().catch(() => {});
        }
      });
      return { page, context };
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    },
  };
}

/**
 * A page the server drew shows its buttons before the app has attached to them (it hydrates once
 * the page's pictures have loaded: apps/server/src/lib/app-start.ts). A person waits for that
 * without noticing; a test would click too soon. So every `goto` and `reload` also waits until
 * React owns the last element of the page (hydration claims the elements in document order and
 * commits in the same task as it claims the last). A page the browser draws passes at once
 * after drawing; a page without the app (#root) passes at once.
 */
function waitForHydration(page: Page) {
  const hydrated = () =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      if (!root) return true;
      let last: Element = root;
      while (last.lastElementChild) last = last.lastElementChild;
      return last !== root && Object.keys(last).some((key) => key.startsWith('__reactFiber'));
    });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/**
 * React's report of markup from the server that the browser drew differently (a hydration
 * mismatch: React 19 then throws the server's markup away and draws the page again).
 */
function watchHydration(page: Page): string[] {
  const errors: string[] = [];
  const mismatch = /hydrat|React error #(418|419|423|425)\b/i;
  page.on('pageerror', (error) => {
    if (mismatch.test(error.message)) errors.push(`${page.url()}: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && mismatch.test(message.text())) {
      errors.push(`${page.url()}: ${message.text()}`);
    }
  });
  return errors;
}

/** Where a page keeps its last pointer events, for a failed test's report (describeFailure). */
const POINTER_LOG = '__pointerEvents';

/**
 * Runs in every document of a test's pages before its own scripts: keeps the last 20 presses,
 * releases and clicks with the element each reached, to tell a click that never reached its
 * target from one the page did not act on.
 */
function recordPointerEvents(key: string) {
  const log: string[] = [];
  Reflect.set(window, key, log);
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    window.addEventListener(
      type,
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const name = target?.closest('button, a, [role], label, input')?.textContent ?? '';
        log.push(
          `${(performance.now() / 1000).toFixed(2)} s ${type} <${target?.tagName.toLowerCase() ?? '?'}> ${name.trim().slice(0, 40)}`,
        );
        if (log.length > 20) log.shift();
      },
      true,
    );
  }
}

/** What a page did that a failed test's report shows: calls that failed and errors it logged. */
interface Journal {
  events: string[];
  /** Requests sent and not answered yet, with when they left. */
  waiting: Map<Request, string>;
}

function keepJournal(page: Page): Journal {
  const journal: string[] = [];
  const waiting = new Map<Request, string>();
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('request', (request) => waiting.set(request, at()));
  page.on('requestfinished', (request) => waiting.delete(request));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      journal.push(`${at()} ${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    waiting.delete(request);
    journal.push(
      `${at()} failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`,
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') journal.push(`${at()} console: ${message.text()}`);
  });
  page.on('pageerror', (error) => journal.push(`${at()} page error: ${error.message}`));
  return { events: journal, waiting };
}

/**
 * When a test fails, what each of its pages showed: the address, what a screen reader reads
 * (aria-hidden parts left out, as getByRole leaves them), the calls that failed, and a
 * screenshot in test-results/. A failure on CI is then read from the log, not guessed at.
 */
async function describeFailure(page: Page, journal: Journal, testName: string) {
  if (page.isClosed()) return;
  const lines = [`-- page of the failed test '${testName}' at ${new Date().toISOString()}`];
  try {
    lines.push(`address: ${page.url()}`);
    // The main landmark and any open dialog: the header and footer are the same everywhere.
    for (const part of ['main', '[role="dialog"], [role="alertdialog"]']) {
      for (const element of await page.locator(part).all()) {
        const snapshot = await element.ariaSnapshot({ timeout: 5000 });
        lines.push(`what ${part} reads:`, snapshot.slice(0, 4000));
      }
    }
    // Elements hidden from getByRole by a modal layer still on the page.
    const hidden = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body > [aria-hidden="true"], [role="alert"]')).map(
        (e) =>
          `${e.tagName.toLowerCase()} aria-hidden=${e.closest('[aria-hidden="true"]') !== null}: ${(e.textContent ?? '').slice(0, 120)}`,
      ),
    );
    lines.push('alerts and hidden layers:', ...(hidden.length ? hidden : ['none']));
    // Whether a click the test made reached what it aimed at (a click lost between its press and
    // its release lands on their common ancestor instead).
    const pointer = await page.evaluate(
      (key) => (Reflect.get(window, key) as string[] | undefined) ?? [],
      POINTER_LOG,
    );
    lines.push('last pointer events:', ...(pointer.length ? pointer : ['none']));
    const folder = path.join(import.meta.dirname, '..', 'test-results');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
    await page.screenshot({ path: file, timeout: 5000 });
    lines.push(`screenshot: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    lines.push(`(the page could not be described: ${String(error)})`);
  }
  const { events, waiting } = journal;
  lines.push('failed calls and errors:', ...(events.length ? events : ['none']));
  const unanswered = [...waiting].map(([r, sent]) => `${sent} ${r.method()} ${r.url()}`);
  lines.push('unanswered calls:', ...(unanswered.length ? unanswered : ['none']));
  console.error(lines.join('\n'));
}

/** A downloaded file's text: read through the browser's connection, which may be remote. */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
