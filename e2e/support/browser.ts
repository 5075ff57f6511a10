import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
} from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { watchAccessibility } from './accessibility.ts';
import { workerBrowserEndpoint } from './server.ts';

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

/**
 * The worker's Chromium, started once for the run (support/global-setup.ts), or one of the test
 * file's own when the run has none; pages get their own contexts, closed with the file.
 * Playwright always starts Chromium from a fresh temporary profile, removed on close.
 *
 * Every page is checked with axe-core on each screen it shows (support/accessibility.ts); a
 * serious or critical violation fails the test that opened the page, when the test ends.
 */
export async function launchBrowser(baseURL: string): Promise<TestBrowser> {
  const endpoint = workerBrowserEndpoint();
  const browser = endpoint
    ? await chromium.connect(endpoint)
    : await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async newPage(options = {}) {
      const width = options.width ?? 1280;
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: width < 768 ? 812 : 900 },
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
        expect(await accessibility.finish(), 'serious or critical axe-core violations').toEqual([]);
      });
      return { page, context };
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      // A connected browser only disconnects: the run's set-up closes it.
      await browser.close();
    },
  };
}

/** A downloaded file's text: read through the browser's connection, which may be remote. */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
