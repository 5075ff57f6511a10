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

describe('smoke', () => {
  it('opens the home page and signs up through the UI', async () => {
    const { page } = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();

    await page.getByRole('button', { name: 'Join', exact: true }).first().click();
    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Phone number').fill('0412 345 678');
    await page.getByLabel('Password', { exact: true }).fill('analytical engine');
    await page.getByLabel('Confirm password').fill('analytical engine');
    await page
      .getByRole('button', { name: /sign up|create account|join/i })
      .last()
      .click();

    await page.waitForURL('**/dashboard');
    await page.getByText('Hello, Ada Lovelace').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

    // Logout ends the session and goes home, without asking to sign in again.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Join', exact: true }).first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it('staff sign in at /wkm-login and reach the dashboard', async () => {
    const { page } = await browser.newPage();
    await page.goto('/wkm-login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Username or Email Address').fill(server.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password, or access denied').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(server.adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/wkm-dashboard');
    await page.getByText(/Welcome, /).waitFor();
  });
});
