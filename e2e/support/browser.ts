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

/**
 * One Chromium per test file; pages get their own contexts, closed when the test that opened
 * them ends. Playwright's launch() always starts
 * from a fresh temporary profile (the user-data-dir of the offline flags), removed on close.
 * (A Chromium shared by a worker's files, reached over Playwright's connection, made the run
 * twice as slow: docs/decisions/066.)
 *
 * Every page is checked with axe-core on each screen it shows (support/accessibility.ts); a
 * serious or critical violation fails the test that opened the page, when the test ends.
 */
export async function launchBrowser(baseURL: string): Promise<TestBrowser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
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
          // A page left open keeps drawing (a live stream, a spinner, a caret) through the
          // file's later tests.
          await context.close().catch(() => {});
        }
      });
      return { page, context };
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
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
