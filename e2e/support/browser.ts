import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
} from 'playwright-core';
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

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
      if (options.token) {
        await context.addInitScript(
          (t) => window.localStorage.setItem('authToken', t),
          options.token,
        );
      }
      const page = await context.newPage();
      const accessibility = watchAccessibility(page, baseURL);
      onTestFinished(async () => {
        try {
          expect(await accessibility.finish(), 'serious or critical axe-core violations').toEqual(
            [],
          );
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

/** A downloaded file's text: read through the browser's connection, which may be remote. */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
