import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import {
  apiGet,
  apiPost,
  createCoordinator,
  fillCard,
  openOrderOptions,
  signUpCustomer,
  staffToken,
  TEST_CARDS,
  uniqueSuffix,
} from './helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let coordinator: { _id: string; name: string };

beforeAll(async () => {
  // Without SMTP_URL the server writes its mail to DATA_DIR/outbox.
  server = sharedServer();
  browser = await launchBrowser(server.url);
  coordinator = await createCoordinator(server, await staffToken(server));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The demo catalogue's SEO service: a one-time package.
const SERVICE = 'seo';
const PACKAGE = 'SEO Health Check'; // $1,249.50 exc. GST

/** A signed-out visitor: package, Continue, and the sign-up modal that Continue opens. */
async function continueToSignUp(page: Page) {
  await page.goto(`/services/${SERVICE}`);
  const panel = await openOrderOptions(page, PACKAGE);
  await panel.getByRole('button', { name: 'Continue' }).click();
  const signUp = page.getByRole('dialog', { name: 'Join the noise.' });
  await signUp.waitFor();
  return signUp;
}

async function fillGuestDetails(
  page: Page,
  guest: { firstName: string; lastName: string; email: string; phone: string; company: string },
) {
  await page
    .getByLabel(/^Who was your .+ coordinator\?$/)
    .selectOption({ label: coordinator.name });
  await page.getByLabel('First name').fill(guest.firstName);
  await page.getByLabel('Last name').fill(guest.lastName);
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Phone number').fill(guest.phone);
  await page.getByLabel('Company name').fill(guest.company);
}

/** The body of the newest outbox mail to `to` whose subject has `subject`, quoted-printable decoded. */
async function outboxMail(to: string, subject: string): Promise<string> {
  const dir = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const file of existsSync(dir) ? readdirSync(dir).sort().reverse() : []) {
      if (!file.endsWith('.eml')) continue;
      const raw = readFileSync(path.join(dir, file), 'utf8');
      const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
      if (!unfolded.includes(`To: ${to}`) || !unfolded.includes(subject)) continue;
      return raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} about '${subject}'`);
}

async function storedToken(page: Page) {
  return page.evaluate(() => window.localStorage.getItem('authToken'));
}

describe('guest checkout', () => {
  it('a new email: pays as a guest, is signed in, sends the brief, and later sets a password from the email', async () => {
    const email = `guest-${uniqueSuffix()}@example.com`;
    const { page } = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const signUp = await continueToSignUp(page);
    await signUp.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL('**/payment');
    await page.getByRole('heading', { name: 'Confirm & Pay' }).waitFor();
    // Focus moved to the new page's heading: the keyboard starts at the top of the form.
    await page.waitForFunction(
      () =>
        document.activeElement?.tagName === 'H1' &&
        document.activeElement.textContent === 'Confirm & Pay',
    );
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText(PACKAGE).waitFor();
    await summary
      .getByText('You will be charged $1,374.45 inc. GST. Total amount includes tax.')
      .waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    // The details are the guest's to type; the phone must be Australian.
    expect(await page.getByLabel('Email').getAttribute('readonly')).toBeNull();
    await fillGuestDetails(page, {
      firstName: 'Grace',
      lastName: 'Guest',
      email,
      phone: '12345',
      company: 'Guest House Pty Ltd',
    });
    await fillCard(page, TEST_CARDS.success);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.getByText('Please enter a valid Australian phone number').waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment');

    await page.getByLabel('Phone number').fill('0412 345 678');
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();

    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('Thank you for ordering.').waitFor();
    await page.getByText('We emailed you a link to choose a password.').waitFor();
    expect(await storedToken(page)).toBeTruthy();

    // Signed in by the new account: the brief goes to the project.
    await page.getByRole('heading', { name: 'Submit Requirements' }).waitFor();
    await page
      .getByLabel('Anything else we should know?')
      .fill('Help a guest house rank in Byron Bay.');
    await page.getByRole('button', { name: 'Submit Requirements' }).click();
    await page.waitForURL(/\/dashboard\/projects\/[^/]+$/);
    await page.getByText('Help a guest house rank in Byron Bay.').waitFor();

    await page.goto('/dashboard/projects');
    await page.getByText('1 project', { exact: true }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'SEO' })
      .getByText('$1,374.45 inc. GST')
      .waitFor();
    expect(errors).toEqual([]);

    // The 'choose a password' email, opened somewhere else.
    const mail = await outboxMail(email, 'choose a password');
    const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail)?.[1];
    expect(link?.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    const { page: later } = await browser.newPage();
    await later.goto(link!);
    await later.getByRole('heading', { name: 'Choose a new password.' }).waitFor();
    await later.getByLabel('New password', { exact: true }).fill('guest chosen password');
    await later.getByLabel('Confirm new password').fill('guest chosen password');
    await later.getByRole('button', { name: 'Set new password' }).click();
    await later.getByText('Your password has been changed. You can sign in with it now.').waitFor();

    await later.goto('/');
    await later.getByRole('button', { name: 'Sign In' }).first().click();
    await later.getByRole('button', { name: 'Continue with Email/Username' }).click();
    await later.getByLabel('Email or username').fill(email);
    await later.getByLabel('Password', { exact: true }).fill('guest chosen password');
    await later.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
    await later.waitForURL('**/dashboard');
    await later.goto('/dashboard/projects');
    await later.getByText('1 project', { exact: true }).waitFor();
    await later.getByRole('row').filter({ hasText: 'SEO' }).getByText('In Progress').waitFor();
  });

  it('a new email: a declined card, then a bank check, signs the guest in only once the order is paid', async () => {
    const email = `checked-${uniqueSuffix()}@example.com`;
    const { page } = await browser.newPage();
    const signUp = await continueToSignUp(page);
    await signUp.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL('**/payment');
    await fillGuestDetails(page, {
      firstName: 'Chad',
      lastName: 'Checked',
      email,
      phone: '0412 345 678',
      company: 'Checked Cafe',
    });
    await fillCard(page, TEST_CARDS.declined);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await storedToken(page)).toBeNull();

    await fillCard(page, TEST_CARDS.threeDSecure);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    const check = page.getByRole('dialog', { name: 'Confirm your payment' });
    await check.getByRole('button', { name: 'Approve' }).waitFor();
    // Waiting on the bank: nothing is paid, so nobody is signed in yet.
    expect(await storedToken(page)).toBeNull();
    await check.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL('**/payment-success');
    await page.getByText('We emailed you a link to choose a password.').waitFor();
    expect(await storedToken(page)).toBeTruthy();
    await page.getByRole('heading', { name: 'Submit Requirements' }).waitFor();
  });

  it("an existing customer's email: after a decline and a bank check, the guest stays signed out and the order waits for the owner's mailed link", async () => {
    const customer = await signUpCustomer(server, 'Olive', 'Owner');
    const { page } = await browser.newPage();

    const signUp = await continueToSignUp(page);
    await signUp.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL('**/payment');
    await fillGuestDetails(page, {
      firstName: 'Olive',
      lastName: 'Owner',
      email: customer.email,
      phone: '02 9876 5432',
      company: 'Olive Groves',
    });

    await fillCard(page, TEST_CARDS.declined);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    const none = await apiGet<unknown[]>(
      server,
      `/api/projects?userId=${customer.userId}`,
      customer.token,
    );
    expect(none).toEqual([]);

    // A new attempt with a card the bank checks first; the guest has no session to confirm with.
    await fillCard(page, TEST_CARDS.threeDSecure);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    const check = page.getByRole('dialog', { name: 'Confirm your payment' });
    await check.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('Thank you for ordering.').waitFor();
    await page.getByText(`${customer.email} already has an account with us.`).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).last().waitFor();
    expect(await page.getByRole('link', { name: 'Go to Projects' }).count()).toBe(0);
    expect(await storedToken(page)).toBeNull();

    // Not in the account until its owner opens the link mailed to its address.
    const before = await apiGet<unknown[]>(
      server,
      `/api/projects?userId=${customer.userId}`,
      customer.token,
    );
    expect(before).toEqual([]);
    const receipt = await outboxMail(customer.email, 'order:');
    const link = /\/claim-order\?token=[\w%-]+/.exec(receipt)?.[0];
    expect(link).toBeTruthy();

    const { page: owner } = await browser.newPage();
    await owner.goto(link!);
    await owner.getByRole('heading', { name: 'The order is in your account' }).waitFor();
    expect(new URL(owner.url()).search).toBe('');
    // A reload shows the same outcome, not a request for a link that is spent.
    await owner.reload();
    await owner.getByRole('heading', { name: 'The order is in your account' }).waitFor();
    await owner.getByRole('button', { name: 'Sign in' }).first().waitFor();
    // The email's link opened again later says where the order is, not that something failed.
    const { page: later } = await browser.newPage();
    await later.goto(link!);
    await later.getByRole('heading', { name: 'This order is already in your account' }).waitFor();
    await later.getByRole('button', { name: 'Sign in to see it' }).waitFor();
    // Opening the link proved the mailbox: every other session of the account ended.
    await expect(
      apiGet(server, `/api/projects?userId=${customer.userId}`, customer.token),
    ).rejects.toThrow(/401/);
    const { token } = await apiPost<{ token: string }>(server, '/api/auth/login', '', {
      username: customer.email,
      password: 'e2e password 123',
    });
    const projects = await apiGet<unknown[]>(
      server,
      `/api/projects?userId=${customer.userId}`,
      token,
    );
    expect(projects).toHaveLength(1);
  });

  it('signing in from the order panel carries on to the payment with the same order', async () => {
    const customer = await signUpCustomer(server, 'Sid', 'Signin');
    const { page } = await browser.newPage();

    const signUp = await continueToSignUp(page);
    await signUp.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In.' });
    await signIn.getByRole('button', { name: 'Continue with Email/Username' }).click();
    await signIn.getByLabel('Email or username').fill(customer.email);
    await signIn.getByLabel('Password', { exact: true }).fill('e2e password 123');
    await signIn.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL('**/payment');
    await page.getByRole('complementary', { name: 'Order summary' }).getByText(PACKAGE).waitFor();
    // Now the profile's details, read-only.
    const emailField = page.getByLabel('Email');
    expect(await emailField.inputValue()).toBe(customer.email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
  });
});
