import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  // The job runner polls each second so that the receipt is there to read.
  server = await startServer({ JOBS_POLL_INTERVAL_MS: '1000' });
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
    // The running total beside Continue follows the extras ticked and unticked.
    const panel = page.getByRole('dialog', { name: 'Order Options' });
    await panel.getByText('No extras').waitFor();
    await panel.getByText('Due today $1,374.45 inc. GST').first().waitFor();
    const article = panel.getByText('Long-form article (1,500 words)', { exact: true }).first();
    await article.click();
    await panel.getByText('1 extra added').waitFor();
    await panel.getByText('Due today $1,643.95 inc. GST').first().waitFor();
    await article.click();
    await panel.getByText('No extras').waitFor();
    await panel.getByRole('button', { name: 'Continue' }).click();
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
    const email = `first-${uniqueSuffix()}@example.com`;
    await page.getByLabel('Email').fill(email);
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

    // The receipt carries the tax invoice, drawn on the server's invoice worker thread.
    const outbox = path.join(server.dataDir, 'outbox');
    const receipt = await vi.waitFor(
      async () => {
        for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(readFileSync(path.join(outbox, file)));
          const to = Array.isArray(mail.to) ? mail.to : [mail.to];
          const toThem = to.some((a) => a?.value.some((v) => v.address === email));
          if (toThem && mail.subject?.includes('order')) return mail;
        }
        throw new Error(`no receipt yet:\n${server.output()}`);
      },
      { timeout: 20_000, interval: 250 },
    );
    const invoice = receipt.attachments.find((a) => a.contentType === 'application/pdf');
    expect(invoice?.filename).toMatch(/^INV-\d+\.pdf$/);
    expect(invoice?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
