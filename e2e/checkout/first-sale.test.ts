import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { fillCard, TEST_CARDS, uniqueSuffix } from './helpers.ts';

/**
 * A fresh install sells: the seeded shop as it starts, no test-only set-up (no co-ordinator made
 * here). A first-time visitor picks a package, continues as a guest, leaves the co-ordinator to
 * us and pays; the project has a co-ordinator.
 */
let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the first sale on a fresh install', () => {
  it("a visitor buys a package as a guest with 'Not sure – assign one for me'", async () => {
    const { page } = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/services/seo');
    await page.getByRole('tab', { name: 'SEO Health Check' }).click();
    await page.getByRole('button', { name: 'Choose SEO Health Check' }).click();
    await page
      .getByRole('dialog', { name: 'Order Options' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await page
      .getByRole('dialog', { name: 'Join the noise.' })
      .getByRole('button', { name: 'Continue as guest' })
      .click();
    await page.waitForURL('**/payment');

    const select = page.getByLabel(/^Who was your .+ coordinator\?$/);
    await select.locator('option', { hasText: 'Mia Chen' }).waitFor({ state: 'attached' });
    const offered = await select.locator('option').allTextContents();
    expect(offered).toEqual(
      expect.arrayContaining(["Liam O'Connor", 'Mia Chen', 'Not sure – assign one for me']),
    );
    await select.selectOption({ label: 'Not sure – assign one for me' });
    await page.getByLabel('First name').fill('Fran');
    await page.getByLabel('Last name').fill('First');
    await page.getByLabel('Email').fill(`first-${uniqueSuffix()}@example.com`);
    await page.getByLabel('Phone number').fill('0412 345 678');
    await page.getByLabel('Company name').fill('First Light Bakery');
    await fillCard(page, TEST_CARDS.success);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();

    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page
      .getByRole('button', { name: "I'll do this later" })
      .or(page.getByRole('link', { name: "I'll do this later" }))
      .click();
    await page.waitForURL(/\/dashboard\/projects\/[^/]+$/);
    const coordinator = page
      .getByRole('definition')
      .filter({ hasText: /^(Mia Chen|Liam O'Connor)$/ });
    await coordinator.waitFor();
    expect(errors).toEqual([]);
  });
});
