import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * A code for the step after now's: the code that confirmed set-up spent now's step (a code works
 * once), and the server accepts one step either side, so no test waits for the clock.
 */
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function passwordStep(page: Page) {
  await page.goto('/wkm-login');
  await page.getByLabel('Username or Email Address').fill(server.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(server.adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${server.url}/wkm-login`);
}

describe('two-factor sign-in', () => {
  it('a staff member sets it up from their account, then signs in with a code and with a recovery code', async () => {
    const { page } = await browser.newPage();
    await passwordStep(page);
    await page.waitForURL(`${server.url}/wkm-dashboard`);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong code is refused and set-up stays open.
    await page.getByLabel('Code from your app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await page
      .getByRole('alert')
      .getByText('That code is not right. Check your authenticator app and try again.')
      .waitFor();

    await page.getByLabel('Code from your app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByText('Two-factor sign-in is on.').waitFor();
    await page.getByText('10 recovery codes left.').waitFor();

    // The password alone no longer signs in: it asks for the code.
    await signOut(page);
    await passwordStep(page);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.getByLabel('Authentication code').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/wkm-dashboard`);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();

    // Then with a recovery code instead of the app.
    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/wkm-dashboard`);
    await page.goto('/wkm-dashboard/account');
    await page.getByText('9 recovery codes left.').waitFor();

    // That recovery code is spent: a second use is refused.
    await signOut(page);
    await passwordStep(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That code is not right.', { exact: false }).waitFor();
    expect(page.url()).toBe(`${server.url}/wkm-login`);
  });
});
