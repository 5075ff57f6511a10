import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bill } from '@noise/shared/bills';
import { localDate } from '@noise/shared/dates';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import { apiPost, fillCard, signUpCustomer, staffToken, TEST_CARDS } from '../checkout/helpers.ts';

/**
 * Invoices for anything (docs/product.md#invoices): staff write one with a GST line and a
 * GST-free line and send it; the client pays it by card from the mailed link; another is marked
 * paid by bank transfer; the client's Billing page shows both paid. The figures to the cent are
 * the API tests' (apps/server/src/modules/bills/bills.test.ts); this shows what only a browser
 * does: the forms, the mailed link's page and the card.
 */
let server: RunningServer;
let browser: TestBrowser;
let staff: string;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  staff = await staffToken(server);
});
afterAll(async () => {
  await browser?.close();
});

/** The pay link mailed to `email` (the shared server's outbox). */
function mailedPayLink(email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  return vi.waitFor(
    async () => {
      for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
        const mail = await simpleParser(readFileSync(path.join(outbox, file)));
        const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
        const link = /\/pay\/invoice\/[\w-]+\?t=[\w-]+/.exec(mail.text ?? '')?.[0];
        if (to.includes(email) && link) return link;
      }
      throw new Error(`no invoice mailed to ${email} yet`);
    },
    // The shared server's job runner looks for due mail every few seconds.
    { timeout: 45_000, interval: 250 },
  );
}

const inDays = (days: number) =>
  localDate(new Date(Date.now() + days * 86_400_000), 'Australia/Sydney');

describe('invoices', () => {
  it('staff send an invoice the client pays by card; another is marked paid by transfer; Billing shows both', async () => {
    const client = await signUpCustomer(server, 'Ivy', 'Invoice');

    // Staff: 'New invoice' with two lines, the second GST-free, then 'Send invoice'.
    const { page } = await browser.newPage({ token: staff });
    await page.goto('/wkm-dashboard/invoices');
    await page.getByRole('link', { name: 'New invoice' }).click();
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await page.getByLabel('For').fill(client.email);
    await page.getByLabel('Line 1 description').fill('Campaign shoot');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Unit price ($)').fill('33.33');
    await page.getByRole('button', { name: 'Add line' }).click();
    const second = page.getByRole('listitem', { name: 'Line 2' });
    await second.getByLabel('Line 2 description').fill('Stock licence');
    await second.getByLabel('Quantity').fill('2.5');
    await second.getByLabel('Unit price ($)').fill('12.34');
    await second.getByRole('checkbox', { name: 'GST applies' }).click();
    // $99.99 + GST $10.00, and $30.85 GST-free: $140.84.
    await page.getByText('$140.84').waitFor();
    await page.getByRole('textbox', { name: 'Due date' }).fill(inDays(14));
    await page.getByRole('button', { name: 'Send invoice' }).click();
    await page.getByText('Sent', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mark as paid' }).waitFor();

    // The client opens the mailed link, signed out, and pays by card.
    const link = await mailedPayLink(client.email);
    const guest = await browser.newPage({ width: 375 });
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { name: /^Invoice B-\d{4}$/ }).waitFor();
    await guest.page.getByText('Stock licence').waitFor();
    await fillCard(guest.page, TEST_CARDS.success);
    await guest.page.getByRole('button', { name: 'Pay $140.84 inc. GST' }).click();
    await guest.page.getByRole('heading', { name: 'Paid — thank you' }).waitFor();
    expect(
      await guest.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // Another invoice, marked paid by bank transfer on its staff page.
    const made = await apiPost<Bill>(server, '/api/invoices', staff, {
      email: client.email,
      lines: [{ description: 'Strategy workshop', quantity: 1, unitPrice: '500', gst: true }],
      dueDate: inDays(7),
    });
    await apiPost(server, `/api/invoices/${made._id}/send`, staff, {});
    await page.goto(`/wkm-dashboard/invoices/${made._id}`);
    await page.getByRole('button', { name: 'Mark as paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as paid' });
    await dialog.getByLabel('Reference').fill('IVY 550');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Reference IVY 550', { exact: false }).waitFor();

    // The client's Billing page: both paid, with their tax invoices.
    const mine = await browser.newPage({ token: client.token });
    await mine.page.goto('/dashboard/billing');
    const invoices = mine.page.getByRole('region', { name: 'Invoices from us' });
    await invoices.getByText(made.number).waitFor();
    expect(await invoices.getByText('Paid', { exact: true }).count()).toBe(2);
    await invoices.getByText('$140.84 inc. GST', { exact: false }).waitFor();
    await invoices.getByText('$550.00 inc. GST', { exact: false }).waitFor();
    const documents = mine.page.getByRole('region', { name: 'Invoices and adjustment notes' });
    await documents.getByText(`Invoice ${made.number}`).waitFor();
  });
});
