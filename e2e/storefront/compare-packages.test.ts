import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('Compare packages on the service page', () => {
  it('shows the packages side by side with their features and marks the most popular', async () => {
    const { page } = await browser.newPage();
    await page.goto('/services/seo');
    // The table loads once its section comes into view, like the comparison PDF.
    await page.getByRole('heading', { name: 'Compare packages' }).scrollIntoViewIfNeeded();
    const table = page.getByRole('table', { name: 'Features included in each package' });
    await table.waitFor();
    const headers = await table.locator('thead th[scope="col"]').allInnerTexts();
    expect(headers[0]).toMatch(/^feature$/i);
    expect(headers[1]).toContain('Most popular');
    expect(headers[1]).toContain('Local SEO');
    expect(headers[1]).toContain('$750');
    expect(headers[2]).not.toContain('Most popular');
    // Wide enough for every column: no hint that it scrolls.
    expect(await page.getByText('Swipe the table to see every package').count()).toBe(0);
    // The packages come first, then their comparison; the chosen-by-most one is marked on its tab.
    const order = await page
      .getByRole('heading', { level: 2 })
      .allInnerTexts()
      .then((titles) => titles.map((t) => t.toLowerCase()));
    expect(order.indexOf('packages')).toBeLessThan(order.indexOf('compare packages'));
    await page.getByRole('tab', { name: 'Local SEO Most popular' }).waitFor();
    const row = table.getByRole('row', { name: /Google Business Profile optimisation/ });
    expect(await row.getByText('Included', { exact: true }).count()).toBe(2);
    expect(await row.getByText('Not included', { exact: true }).count()).toBe(1);
  });

  it('at 375 px scrolls the table inside its container, never the page', async () => {
    const { page } = await browser.newPage({ width: 375 });
    await page.goto('/services/seo');
    await page.getByRole('heading', { name: 'Compare packages' }).scrollIntoViewIfNeeded();
    await page.getByRole('table', { name: 'Features included in each package' }).waitFor();
    const widths = await page.evaluate(() => {
      const scroller = document.querySelector('[data-testid="compare-packages-scroll"]')!;
      return {
        document: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        scroller: scroller.scrollWidth,
        visible: scroller.clientWidth,
      };
    });
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    expect(widths.scroller).toBeGreaterThan(widths.visible);

    const scroller = page.getByTestId('compare-packages-scroll');
    const feature = page.getByRole('rowheader', { name: 'Up to 15 target keywords' });
    const before = await feature.boundingBox();
    await scroller.evaluate((el) => el.scrollBy({ left: 200 }));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="compare-packages-scroll"]')!.scrollLeft > 0,
    );
    // The feature names stay pinned while the package columns move.
    expect((await feature.boundingBox())?.x).toBe(before?.x);

    // A hint says the table scrolls; the shadow on the right edge goes once the last column shows.
    await page.getByText('Swipe the table to see every package').waitFor();
    await page.getByTestId('compare-packages-more').waitFor({ state: 'attached' });
    await scroller.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
    await page.getByTestId('compare-packages-more').waitFor({ state: 'detached' });
  });
});
