import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, apiStaffLogin } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

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

describe('notifications bell', () => {
  it('shows a new customer to staff on an open page, without a reload', async () => {
    const token = await apiStaffLogin(server.url, server.adminEmail, server.adminPassword);
    const { page } = await browser.newPage({ token });
    await page.goto('/wkm-dashboard');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    await apiSignUp(server.url, {
      firstName: 'Live',
      lastName: 'Customer',
      email: 'live@example.com',
    });

    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    await page.getByText('New customer: Live Customer').click();
    await page.waitForURL(/\/wkm-dashboard\/customers\/edit\//);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByTestId('unread-badge').count()).toBe(0);
  });
});
