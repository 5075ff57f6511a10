import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createCoordinator, signUpCustomer, staffToken } from '../checkout/helpers.ts';
import { placePaidOrder } from '../customer/helpers.ts';

/**
 * Every staff screen at 375 px: nothing wider than the phone, neither the page nor any box in it
 * (a table that scrolls inside its card is still a screen the member has to scroll sideways).
 */
let server: RunningServer;
let browser: TestBrowser;
let staff: string;
let saleId: string;
let customerId: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.url);
  staff = await staffToken(server);
  const coordinator = await createCoordinator(server, staff);
  const customer = await signUpCustomer(server, 'Phoebe', 'Phone');
  customerId = customer.userId;
  const project = await placePaidOrder(server, customer, {
    serviceId: 'seo',
    packageTitle: 'SEO Health Check',
    extraTitles: [],
    coordinatorId: coordinator._id,
  });
  saleId = project._id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What is wider than the window: the page, or a box whose content overflows it sideways. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      wide.push(`page ${document.documentElement.scrollWidth}px`);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(el);
      if (!['auto', 'scroll'].includes(style.overflowX)) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30) ?? '';
        wide.push(
          `${el.tagName.toLowerCase()} '${name}' ${el.scrollWidth}px in ${el.clientWidth}px`,
        );
      }
    }
    return wide;
  });
}

const SCREENS = [
  '',
  'pages',
  'services',
  'industries',
  'company-pages',
  'customers',
  'custom-quotes',
  'my-work',
  'inbox',
  'requests',
  'sales',
  'site-users',
  'reporting',
  'audit-log',
  'webhooks',
  'settings',
  'account',
];

describe('staff screens on a phone', () => {
  it('scroll no screen sideways at 375 px', async () => {
    const { page } = await browser.newPage({ token: staff, width: 375 });
    const found: Record<string, string[]> = {};
    for (const screen of [...SCREENS, `sales/edit/${saleId}`, `customers/edit/${customerId}`]) {
      await page.goto(`/wkm-dashboard/${screen}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.animate-pulse'));
      // The layout is final once the fonts are in and two frames have painted.
      await page.evaluate(() =>
        document.fonts.ready.then(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        ),
      );
      const wide = await overflow(page);
      if (wide.length) found[screen || 'overview'] = wide;
    }
    expect(found).toEqual({});
    // Every staff screen in turn (more with each area added): about 2 s each on a loaded machine.
  }, 150_000);

  it("fold the sales filters into a sheet, and put a sale's status form first", async () => {
    const { page } = await browser.newPage({ token: staff, width: 375 });
    await page.goto('/wkm-dashboard/sales');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Status').selectOption({ label: 'In Progress' });
    await sheet.getByRole('button', { name: 'Show sales' }).click();
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('active');
    await page.getByText('Showing 1 sale (all)').waitFor();

    await page.goto(`/wkm-dashboard/sales/edit/${saleId}`);
    const status = await page.getByLabel('Project status').boundingBox();
    const details = await page.getByRole('heading', { name: 'Project Details' }).boundingBox();
    expect(status && details && status.y < details.y).toBe(true);
  });
});
