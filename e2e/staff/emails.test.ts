import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import { staffToken } from '../checkout/helpers.ts';
import { apiGet } from './helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let admin: string;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  admin = await staffToken(server);
});
afterAll(async () => {
  await browser?.close();
});

describe('staff: emails', () => {
  it('an admin opens Emails from the navigation and sees every kind rendered', async () => {
    const { items } = await apiGet<{ items: { kind: string; title: string; subject: string }[] }>(
      server.url,
      '/api/email-previews',
      admin,
    );
    expect(items.length).toBeGreaterThan(15);
    const { page } = await browser.newPage({ token: admin });
    await page.goto('/wkm-dashboard');
    await page.getByRole('link', { name: 'Emails', exact: true }).click();
    await page.getByRole('heading', { name: 'Emails', exact: true, level: 1 }).waitFor();
    const list = page.getByRole('navigation', { name: 'Emails' });
    for (const item of items) {
      await list.getByRole('button', { name: item.title, exact: true }).click();
      await page.getByRole('heading', { name: item.title, level: 2 }).waitFor();
      await page.getByTestId('email-subject').getByText(item.subject, { exact: true }).waitFor();
      // The HTML part, drawn in its frame: the shop's name and a button-styled link.
      const frame = page.frameLocator(`iframe[title="${item.title}: HTML"]`);
      await frame.getByRole('link', { name: 'Make Noise' }).first().waitFor();
      expect(await frame.locator('a[style*="border-radius:999px"]').count()).toBe(1);
    }
    await list
      .getByRole('button', { name: 'Any other email (the quote link)', exact: true })
      .click();
    await page.getByText('Plain-text part').click();
    await page.getByText('Your custom quote "Brand refresh" is ready').waitFor();
  });
});
