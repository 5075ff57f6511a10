import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../packages/shared/src/catalogue.ts';
import { formatMoney, tabPrice, toCents } from '../../packages/shared/src/pricing.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The text of the HTML's app root, tags taken out, as a crawler without JavaScript reads it. */
function rootText(html: string): string {
  const root = /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? '';
  return root
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('public pages drawn by the server (docs/product.md#pages-drawn-by-the-server)', () => {
  it("carries a service's title, packages and prices in its HTML, without a browser", async () => {
    const service = (await (await fetch(`${server.url}/api/services/seo`)).json()) as Service;
    const res = await fetch(`${server.url}/services/seo`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
    expect(heading).toBe(`${service.title}.`);
    const text = rootText(html);
    expect(service.packages.length).toBeGreaterThan(1);
    for (const pkg of service.packages) {
      expect(text, pkg.title).toContain(`${pkg.title}: ${formatMoney(toCents(tabPrice(pkg)))}`);
    }
    expect(text).toContain('Ordering needs JavaScript');
  });

  it('works with JavaScript off: the map, a service, the header links and search', async () => {
    const context = await browser.browser.newContext({
      baseURL: server.url,
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'We Make Noise.' }).waitFor();
      // The home page's map links to each service: a plain page load.
      await page.locator('#mind-map').getByRole('link', { name: 'SEO', exact: true }).click();
      await page.waitForURL('**/services/seo');
      await page.getByRole('heading', { level: 1, name: 'SEO.' }).waitFor();
      // The first package and its price (every price is in the <noscript> block, which the test
      // above reads: Playwright's switch turns scripts off, not the parser's scripting flag).
      await page.getByRole('heading', { level: 3, name: 'Local SEO' }).waitFor();
      await page.getByText('$750.00', { exact: true }).first().waitFor();
      // The compare table is drawn too, and an FAQ opens its answer (<details>).
      await page.getByTestId('compare-packages-scroll').waitFor();
      const faq = page.locator('details').first();
      await faq.locator('summary').click();
      expect(await faq.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      // The header's links lead to the catalogue's other pages.
      const nav = page.getByRole('navigation', { name: 'Services' });
      await nav.getByRole('link', { name: 'Website', exact: true }).click();
      await page.waitForURL('**/pages/website');
      await page.getByRole('heading', { level: 1, name: 'Website.' }).waitFor();
      // The search box sends its query to the results page.
      await page.getByRole('combobox', { name: 'Search services' }).fill('search engine');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/search?q=search+engine');
      await page
        .getByRole('heading', { level: 1, name: 'Services matching “search engine”' })
        .waitFor();
      await page.getByRole('link', { name: 'Search Engine Marketing' }).click();
      await page.waitForURL('**/services/search-engine-marketing');
    } finally {
      await context.close();
    }
  });

  it('hydrates what the server drew, without redrawing it, and then works as the app', async () => {
    const { page } = await browser.newPage({ width: 375 });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawn: Element | null }).drawn = document.querySelector('main h1');
      });
    });
    await page.goto('/services/seo');
    // The heading React now owns is the very element the server sent (a redraw would replace it).
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { drawn: Element | null }).drawn ===
          document.querySelector('main h1'),
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Choose Local SEO' }).click();
    await page.getByRole('dialog', { name: 'Order Options' }).waitFor();
    // The results page hands over to the app as well: its links open pages in place.
    await page.keyboard.press('Escape');
    await page.goto('/search?q=seo');
    await page.getByRole('link', { name: 'SEO', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'SEO.' }).waitFor();
  });

  it("keeps a click made before the app has started: 'Choose' opens its panel, 'Join' its dialog", async () => {
    // A slow phone: 1.6 Mbit/s with 150 ms latency and a CPU four times slower. The app's code is
    // also held back until the click has been made, so the click always comes first.
    const context = await browser.browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 812 },
      reducedMotion: 'reduce',
    });
    try {
      for (const [path, button, opens] of [
        ['/services/seo', 'Choose Local SEO', 'Order Options'],
        ['/', 'Join', 'Join the noise.'],
      ] as const) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: 200_000,
          uploadThroughput: 100_000,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        let clicked!: () => void;
        const click = new Promise<void>((resolve) => (clicked = resolve));
        await page.route('**/assets/**/*.js', async (route) => {
          await click;
          await route.continue();
        });
        await page.goto(path, { waitUntil: 'commit' });
        // Once, as soon as it is painted: the server drew it, and no script of the app has run.
        const target = page.getByRole('button', { name: button, exact: true });
        await target.click();
        expect(
          await target.evaluate((element) =>
            Object.keys(element).some((key) => key.startsWith('__react')),
          ),
        ).toBe(false);
        clicked();
        await page.getByRole('dialog', { name: opens }).waitFor({ timeout: 30_000 });
        // The held button is no longer marked busy (the dialog hides it from the roles now).
        expect(await page.locator('button[aria-busy="true"]').count()).toBe(0);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });
});
