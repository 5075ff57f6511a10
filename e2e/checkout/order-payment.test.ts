import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import {
  apiGet,
  createCoordinator,
  displayDate,
  fillCard,
  fillCheckout,
  fixture,
  orderFromServicePage,
  signUpCustomer,
  staffToken,
  TEST_CARDS,
} from './helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let coordinator: { _id: string; name: string };

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  coordinator = await createCoordinator(server, await staffToken(server));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The demo catalogue's SEO service: a one-time package and an extra.
const SERVICE = 'seo';
const PACKAGE = 'SEO Health Check'; // $1,249.50 exc. GST, one-time
const EXTRA = 'Schema markup set-up'; // $195.00

describe('ordering a package', () => {
  it('pays with a card, sends the brief and finds the project under Projects', async () => {
    const customer = await signUpCustomer(server);
    const { page } = await browser.newPage({ token: customer.token });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await orderFromServicePage(page, SERVICE, PACKAGE, [EXTRA]);
    await page.getByRole('heading', { name: 'Confirm & Pay' }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText(PACKAGE).waitFor();
    expect(await summary.getByText('$1,249.50').count()).toBe(1);
    expect(await summary.getByText('$195.00').count()).toBe(1);
    // 1,444.50 + 10% GST.
    await summary.getByText('$144.45').waitFor();
    await summary
      .getByText('You will be charged $1,588.95 inc. GST. Total amount includes tax.')
      .waitFor();

    // Name and email come from the profile; the phone was given at sign-up, the company was not.
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Contact number').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Company name').getAttribute('readonly')).toBeNull();

    const pay = page.getByRole('button', { name: 'Confirm & Pay' });
    expect(await pay.isDisabled()).toBe(true);
    await fillCheckout(page, {
      coordinator: coordinator.name,
      companyName: 'Analytical Engines',
      card: TEST_CARDS.success,
    });
    await pay.click();

    await page.waitForURL('**/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('Thank you for ordering.').waitFor();
    await page.getByRole('link', { name: 'Go back to Dashboard' }).waitFor();

    // Step 3: the brief, with a file.
    await page.getByRole('heading', { name: 'Submit Requirements' }).waitFor();
    await page
      .getByLabel('Anything else we should know?')
      .fill('Rank us for analytical engines in Sydney.');
    await page.getByLabel('Attachments').setInputFiles(fixture('document.pdf'));
    await page.getByRole('button', { name: 'Submit Requirements' }).click();
    await page.waitForURL(/\/dashboard\/projects\/[^/]+$/);
    await page.getByText('Rank us for analytical engines in Sydney.').waitFor();
    await page.getByRole('button', { name: /document\.pdf/ }).waitFor();
    expect(await page.getByText('Waiting for your brief').count()).toBe(0);

    await page.goto('/dashboard/projects');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByText('1 project', { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'SEO' });
    await row.getByText(displayDate(new Date())).waitFor();
    // What was paid: $1,444.50 + GST.
    await row.getByText('$1,588.95 inc. GST').waitFor();
    await row.getByText('In Progress').waitFor();

    // The card was saved for next time.
    const user = await apiGet<{ paymentInfo: { defaultPaymentMethodId: string | null } }>(
      server,
      '/api/auth/user',
      customer.token,
    );
    expect(user.paymentInfo.defaultPaymentMethodId).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('shows a decline on the page, creates no project, and lets the customer try another card', async () => {
    const customer = await signUpCustomer(server);
    const { page } = await browser.newPage({ token: customer.token });
    await orderFromServicePage(page, SERVICE, PACKAGE, []);
    await fillCheckout(page, {
      coordinator: coordinator.name,
      companyName: 'Declined Pty Ltd',
      card: TEST_CARDS.declined,
    });
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();

    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment');
    await page.getByRole('button', { name: 'Confirm & Pay' }).waitFor();
    const projects = await apiGet<unknown[]>(
      server,
      `/api/projects?userId=${customer.userId}`,
      customer.token,
    );
    expect(projects).toEqual([]);

    // A new attempt (a new idempotency key) with a good card goes through.
    await fillCard(page, TEST_CARDS.success);
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const after = await apiGet<unknown[]>(
      server,
      `/api/projects?userId=${customer.userId}`,
      customer.token,
    );
    expect(after).toHaveLength(1);
  });

  it('asks for 3-D Secure: a failed check stays on the page, an approved one pays', async () => {
    const customer = await signUpCustomer(server);
    const { page } = await browser.newPage({ token: customer.token });
    await orderFromServicePage(page, SERVICE, PACKAGE, [EXTRA]);
    await fillCheckout(page, {
      coordinator: coordinator.name,
      companyName: 'Secure Co',
      card: TEST_CARDS.threeDSecure,
    });
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    const check = page.getByRole('dialog', { name: 'Confirm your payment' });
    await check.getByText('$1,588.95').waitFor();
    await check.getByRole('button', { name: 'Fail' }).click();
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment');

    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await check.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    const projects = await apiGet<unknown[]>(
      server,
      `/api/projects?userId=${customer.userId}`,
      customer.token,
    );
    expect(projects).toHaveLength(1);
  });

  it('sends a visitor without an order back with a word of explanation', async () => {
    const customer = await signUpCustomer(server);
    const { page } = await browser.newPage({ token: customer.token });
    await page.goto('/payment');
    await page.getByText('Choose a package first').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
