import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import {
  apiGet,
  apiPost,
  apiPut,
  createCoordinator,
  fillCard,
  acceptProposal,
  fillCheckout,
  signUpCustomer,
  staffToken,
  TEST_CARDS,
} from '../checkout/helpers.ts';
import { placePaidOrder } from './helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let staff: string;
let coordinator: { _id: string; name: string };

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  staff = await staffToken(server);
  coordinator = await createCoordinator(server, staff);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('customer area', () => {
  it('greets the customer, lists recently viewed services and shows an empty project list', async () => {
    const customer = await signUpCustomer(server, 'Grace', 'Hopper');
    const { page } = await browser.newPage({ token: customer.token });
    // A view is recorded once the session check has answered: wait for it before moving on.
    const recorded = () =>
      page.waitForResponse(
        (res) =>
          res.url().endsWith('/api/users/recently-viewed') && res.request().method() === 'POST',
      );
    let record = recorded();
    await page.goto('/services/seo');
    await page.getByRole('heading', { name: 'SEO FAQs' }).waitFor();
    await record;
    record = recorded();
    await page.goto('/services/branding');
    await page.getByRole('heading', { name: 'Branding & Brand Identity FAQs' }).waitFor();
    await record;

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hello, Grace Hopper' }).waitFor();
    const recent = page.getByRole('region', { name: 'Recently Viewed' });
    await recent.getByText('SEO', { exact: true }).waitFor();
    await recent.getByText('Branding & Brand Identity', { exact: true }).waitFor();
    await recent
      .getByText(/^From \$[\d,]+\.\d\d exc\. GST$/)
      .first()
      .waitFor();
    await page.getByText(/90 days/).waitFor({ state: 'attached' });

    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.waitForURL('**/dashboard/projects');
    await page.getByText('0 projects', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Browse services' }).waitFor();
  });

  it('draws the dashboard of a returning customer before the session check answers, and forgets them when the token is refused', async () => {
    const customer = await signUpCustomer(server, 'Ada', 'Byron');
    const { page } = await browser.newPage();
    await page.goto('/favicon.svg');
    await page.evaluate((t) => localStorage.setItem('authToken', t), customer.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hello, Ada Byron' }).waitFor();
    const remembered = () => page.evaluate(() => localStorage.getItem('noise:user'));
    expect(JSON.parse((await remembered())!)).toMatchObject({
      token: customer.token,
      user: { email: customer.email },
    });

    // The check is held: the page draws from the remembered user, the header offers no sign-in.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/verify-token', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Hello, Ada Byron' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    release();
    await page.getByRole('button', { name: /notifications/i }).waitFor();
    await page.unrouteAll();

    // The session ends elsewhere while the site is closed: the next visit is signed out and the
    // user forgotten. (With the dashboard open, its live stream would see the end itself and
    // leave for '/' on its own, racing a reload.)
    await page.goto('/favicon.svg');
    const loggedOut = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(loggedOut.ok).toBe(true);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: /sign in/i })
      .waitFor();
    expect(await remembered()).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  it('follows a project to completion and orders it again with the same package and extras', async () => {
    const customer = await signUpCustomer(server);
    const project = await placePaidOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: ['Schema markup set-up'],
      coordinatorId: coordinator._id,
    });
    // The dashboard opens on what the customer must do, on a phone too: the brief, linked.
    const phone = (await browser.newPage({ token: customer.token, width: 375 })).page;
    await phone.goto('/dashboard');
    const needs = phone.getByRole('region', { name: 'Needs your action' });
    await needs.getByRole('link', { name: /^Send your brief: / }).click();
    await phone.waitForURL(`**/dashboard/projects/${project._id}**`);
    await phone.getByText('Waiting for your brief').first().waitFor();

    const { page } = await browser.newPage({ token: customer.token });
    await page.goto(`/dashboard/projects/${project._id}`);
    await page.getByRole('heading', { name: / Order \d+$/, level: 1 }).waitFor();
    await page.getByText('You requested a new project').waitFor();
    await page.getByText('Waiting for your brief').first().waitFor();
    const card = page.getByRole('complementary', { name: 'Project details' });
    await card.getByText(/^\d+ working days after your brief$/).waitFor();
    await card.getByText(String(project.orderNumber), { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Invoice \(PDF\) \S+$/ }).waitFor();
    expect(await page.getByText('Your project is complete.', { exact: false }).count()).toBe(0);

    await apiPut(server, `/api/projects/${project._id}/status`, staff, {
      statusUpdate: {
        title: 'Project Completed',
        date: new Date().toISOString(),
        description: 'Everything delivered.',
      },
    });
    await page.reload();
    await page.getByText('Everything delivered.').waitFor();
    await page
      .getByText('Your project is complete. If you need to contact us, click here.')
      .waitFor();
    await page.getByRole('link', { name: 'click here' }).waitFor();

    await page.getByRole('link', { name: 'Order Again' }).click();
    // The address says what is ordered again while the panel is open.
    await page.waitForURL('**/services/seo?order=SEO+Health+Check&extra=Schema+markup+set-up');
    const panel = page.getByRole('dialog', { name: 'Order Options' });
    await panel.getByText('SEO Health Check').first().waitFor();
    expect(await panel.getByRole('checkbox', { name: /Schema markup set-up/ }).isChecked()).toBe(
      true,
    );
    expect(await panel.getByRole('checkbox', { name: /Long-form article/ }).isChecked()).toBe(
      false,
    );
    // Closing the panel cleans the address, so a reload or Back does not open it again.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/services/seo' && url.search === '');
    await panel.waitFor({ state: 'hidden' });

    await page.goto('/dashboard/projects');
    await page.getByText('1 project', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: 'SEO' }).getByText('Order Again').waitFor();
  });

  it('a signed-out visitor following a quote link sees the quote, signs in and is back on its payment page', async () => {
    const quote = await apiPost<{ _id: string }>(server, '/api/quotes', staff, {
      name: 'Brand refresh',
      internalNotes: 'Internal note',
      deliverables: 'Logo, Colour palette',
      extras: '',
      value: 900,
    });
    const customer = await signUpCustomer(server, 'Linus', 'Link');
    const { page } = await browser.newPage();
    await page.goto(`/custom-quote/${quote._id}`);
    // Signed out, the link shows the proposal and its price; once signed it can be paid as a
    // guest or after signing in.
    const proposal = page.getByRole('article', { name: 'Brand refresh' });
    await proposal.getByText('$990.00').waitFor();
    await acceptProposal(page, 'Linus Link');
    const quoted = page.getByRole('complementary', { name: 'Order summary' });
    await quoted.getByRole('heading', { name: 'Brand refresh' }).waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Continue with Email/Username' }).click();
    await page.getByLabel('Email or username').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill('e2e password 123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.waitForURL(`**/custom-quote/${quote._id}`);
    await page.getByRole('heading', { name: 'Confirm & Pay' }).waitFor();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByRole('heading', { name: 'Brand refresh' }).waitFor();
  });

  it('pays a custom quote from its link, and the link then says it is paid', async () => {
    const quote = await apiPost<{ _id: string }>(server, '/api/quotes', staff, {
      name: 'Launch campaign',
      summary: 'Everything for the spring launch',
      internalNotes: 'Margin is thin on this one',
      deliverables: 'Launch video, Six social posts',
      extras: 'Rush delivery',
      value: 2000,
    });
    const customer = await signUpCustomer(server);
    const { page } = await browser.newPage({ token: customer.token });
    await page.goto(`/custom-quote/${quote._id}`);
    await acceptProposal(page, 'Casey Customer');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByRole('heading', { name: 'Launch campaign' }).waitFor();
    await summary.getByText('Everything for the spring launch').waitFor();
    expect(await page.getByText('Margin is thin on this one').count()).toBe(0);
    await summary.getByText('Launch video', { exact: true }).waitFor();
    await summary.getByText('Six social posts', { exact: true }).waitFor();
    await summary.getByText('Rush delivery', { exact: true }).waitFor();
    await summary.getByText('Total (inc. GST)').waitFor();
    await summary.getByRole('definition').filter({ hasText: '$2,200.00' }).first().waitFor();

    await fillCheckout(page, {
      coordinator: coordinator.name,
      companyName: 'Quoted Ltd',
      card: TEST_CARDS.success,
    });
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByRole('link', { name: "I'll do this later" }).click();
    await page.getByText('Waiting for your brief').first().waitFor();

    await page.goto(`/custom-quote/${quote._id}`);
    await page.getByText('This quote has already been paid.').waitFor();
    expect(await page.getByRole('button', { name: 'Confirm & Pay' }).count()).toBe(0);
  });

  it('edits the profile, replaces the card on file and changes the password', async () => {
    const customer = await signUpCustomer(server);
    await placePaidOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: [],
      coordinatorId: coordinator._id,
    });
    const { page } = await browser.newPage({ token: customer.token });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/dashboard/profile');

    await page.getByText('Card: **** **** **** 4242').waitFor();
    await page.getByLabel('Contact number').fill('12345');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Please enter a valid Australian phone number').waitFor();
    await page.getByLabel('Contact number').fill('02 9876 5432');
    await page.getByLabel('Company name').fill('Difference Engines');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your details are saved').waitFor();
    const user = await apiGet<{ profile: { companyName: string } }>(
      server,
      '/api/auth/user',
      customer.token,
    );
    expect(user.profile.companyName).toBe('Difference Engines');

    await fillCard(page, TEST_CARDS.threeDSecure);
    await page.getByRole('button', { name: 'Update Payment Method' }).click();
    await page.getByText('Card: **** **** **** 3155').waitFor();

    await page.getByLabel('Current password').fill('e2e password 123');
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Confirm new password').fill('a different one');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    // The old token no longer works; the page stored the new one and stays signed in. (A reload
    // would put the old token back: the test context sets it on every page load.)
    const old = await fetch(`${server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(old.status).toBe(401);
    const stored = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(stored).not.toBe(customer.token);
    const fresh = await fetch(`${server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${stored}` },
    });
    expect(fresh.status).toBe(200);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Projects' }).click();
    await page.getByText('1 project', { exact: true }).waitFor();
  });

  it('lists projects a page at a time and Load more shows the rest, newest first', async () => {
    const customer = await signUpCustomer(server, 'Paige', 'Turner');
    const count = 23;
    for (let i = 0; i < count; i++) {
      await placePaidOrder(server, customer, {
        serviceId: i % 2 ? 'seo' : 'branding',
        packageTitle: i % 2 ? 'SEO Health Check' : 'Logo Refresh',
        extraTitles: [],
        coordinatorId: coordinator._id,
      });
    }
    const all = await apiGet<{ _id: string }[]>(
      server,
      `/api/projects?userId=${customer.userId}&limit=100`,
      customer.token,
    );
    const newestFirst = all.map((p) => `/dashboard/projects/${p._id}`);
    expect(new Set(newestFirst).size).toBe(count);

    const { page } = await browser.newPage({ token: customer.token });
    await page.goto('/dashboard/projects');
    await page.getByText(`${count} projects`, { exact: true }).waitFor();
    await page.getByText(`Showing 20 of ${count} projects`).waitFor();
    const links = page.locator('tbody tr a[href]');
    const hrefs = () => links.evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(await hrefs()).toEqual(newestFirst.slice(0, 20));

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText(`Showing ${count} of ${count} projects`).waitFor();
    expect(await hrefs()).toEqual(newestFirst);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.getByText(`${count} projects`, { exact: true }).waitFor();
    // The keyboard carries on from the first project that was added.
    await page.waitForFunction(
      (href) => document.activeElement?.getAttribute('href') === href,
      newestFirst[20],
    );
  });
});
