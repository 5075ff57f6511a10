import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadText, launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import type { Project } from '@noise/shared/project';
import {
  acceptProposal,
  apiGet,
  apiPost,
  createCoordinator,
  fillCheckout,
  signUpCustomer,
  staffToken,
  TEST_CARDS,
} from '../checkout/helpers.ts';
import { collectPageErrors } from './helpers.ts';
import { coordinatorWithToken, payQuote, payServiceOrder } from './sales-helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let token: string;
let coordinator: { _id: string; name: string; token: string };
let alpha: Awaited<ReturnType<typeof signUpCustomer>>;
let beta: Awaited<ReturnType<typeof signUpCustomer>>;
const alphaSales: string[] = [];
const betaSales: string[] = [];

const ALPHA_SALES = 27;
const BETA_SALES = 3;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.url);
  token = await staffToken(server);
  coordinator = await coordinatorWithToken(server, token, 'Cora');
  alpha = await signUpCustomer(server, 'Alice', 'Alpha');
  beta = await signUpCustomer(server, 'Bob', 'Beta');
  for (let i = 0; i < ALPHA_SALES; i++) {
    alphaSales.push(
      await payServiceOrder(server, alpha, {
        serviceId: 'seo',
        packageTitle: 'SEO Health Check',
        coordinatorId: coordinator._id,
        companyName: 'Alpha Widgets',
      }),
    );
  }
  const other = await createCoordinator(server, token);
  for (let i = 0; i < BETA_SALES; i++) {
    betaSales.push(
      await payServiceOrder(server, beta, {
        serviceId: 'seo',
        packageTitle: 'SEO Health Check',
        coordinatorId: other._id,
        companyName: 'Beta Foods',
      }),
    );
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The ids of the sales listed, from their Edit links, in order. */
async function listedSaleIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('tbody tr')
    .getByRole('link', { name: /^Edit/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split('/').pop() ?? '');
}

async function fillCardIn(scope: Locator, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM/YY)').fill('12/40');
  await scope.getByLabel('CVC').fill('123');
}

async function waitForRowCount(page: Page, count: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('tbody tr a[href*="/edit/"]').length === n,
    count,
  );
}

describe('staff: sales', () => {
  it('pages through every sale with Load More, then filters by company and date range from the address bar', async () => {
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/sales');
    await page.getByRole('heading', { name: 'Sales', exact: true }).waitFor();
    await waitForRowCount(page, 25);
    await page.getByText('Showing 25 sales').waitFor();
    await page.getByRole('button', { name: 'Load More' }).click();
    await waitForRowCount(page, ALPHA_SALES + BETA_SALES);
    await page.getByText('Showing 30 sales (all)').waitFor();
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    const all = await listedSaleIds(page);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...alphaSales, ...betaSales].sort());
    // Newest first.
    expect(all[0]).toBe(betaSales[BETA_SALES - 1]);

    const firstRow = page.locator('tbody tr').first();
    await firstRow.getByText('Beta Foods').waitFor();
    await firstRow.getByText('SEO', { exact: true }).waitFor();
    await firstRow.getByText(/^\$[\d,]+\.\d\d inc\. GST$/).waitFor();
    // Paid, with no brief yet: the status says what it waits for (docs/product.md#project-status).
    await firstRow.getByText('Waiting for the brief').waitFor();

    await page.getByLabel('Company').selectOption('Alpha Widgets');
    await page.waitForURL(/company=Alpha\+Widgets/);
    await waitForRowCount(page, 25);
    await page.getByLabel('Date range').selectOption({ label: 'Last 7 days' });
    await page.waitForURL(/dateRange=last7days/);
    await page.getByRole('button', { name: 'Load More' }).click();
    await waitForRowCount(page, ALPHA_SALES);
    const filtered = await listedSaleIds(page);
    expect(new Set(filtered).size).toBe(ALPHA_SALES);
    expect([...filtered].sort()).toEqual([...alphaSales].sort());
    expect(await page.locator('tbody tr', { hasText: 'Beta Foods' }).count()).toBe(0);

    // The view survives a reload: the filters are in the address.
    await page.reload();
    await waitForRowCount(page, 25);
    expect(await page.getByLabel('Company').inputValue()).toBe('Alpha Widgets');
    expect(await page.getByLabel('Date range').inputValue()).toBe('last7days');

    await page.getByLabel('Date range').selectOption({ label: 'Yesterday' });
    await page.getByText('No sales match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await waitForRowCount(page, 25);
    expect(page.url()).not.toContain('company=');

    // A sale is found by its order number, typed with or without '#'.
    const wanted = await apiGet<Project>(server, `/api/projects-all/${alphaSales[0]}`, token);
    await page.getByLabel('Search sales').fill(`#${wanted.orderNumber}`);
    await page.waitForURL(/search=%23\d+/);
    await waitForRowCount(page, 1);
    expect(await listedSaleIds(page)).toEqual([wanted._id]);
    await firstRow.getByText(String(wanted.orderNumber), { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows a co-ordinator only the sales assigned to them', async () => {
    const { page } = await browser.newPage({ token: coordinator.token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/sales');
    await page.getByText('Showing the sales assigned to you.').waitFor();
    await waitForRowCount(page, 25);
    await page.getByRole('button', { name: 'Load More' }).click();
    await waitForRowCount(page, ALPHA_SALES);
    expect(await page.locator('tbody tr', { hasText: 'Beta Foods' }).count()).toBe(0);
    // Exports and reporting are for administrators.
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Dashboard' }).first();
    await nav.getByRole('link', { name: 'Sales' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Reporting' }).count()).toBe(0);

    // Nobody else's to choose: another member's sale is not there even by its address.
    expect(await page.getByLabel('Assigned to').count()).toBe(0);
    await page.goto(`/wkm-dashboard/sales/edit/${betaSales[0]}`);
    await page.getByText('Sale not found').waitFor();
    expect(errors).toEqual([]);
  });

  it('adds status updates the customer sees, and completes the sale', async () => {
    const saleId = betaSales[0]!;
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/sales?company=Beta+Foods');
    await waitForRowCount(page, BETA_SALES);
    await page.locator(`a[href="/wkm-dashboard/sales/edit/${saleId}"]`).click();
    await page.waitForURL(`**/wkm-dashboard/sales/edit/${saleId}`);
    await page.getByRole('heading', { name: 'Edit Sale' }).waitFor();
    const customer = page.getByRole('region', { name: 'Customer Details' });
    await customer.getByText('Beta Foods').waitFor();
    await customer.getByText('Bob', { exact: true }).waitFor();
    await customer.getByText(beta.email).waitFor();
    await page.getByText("Waiting for the customer's brief").waitFor();
    await page
      .getByRole('region', { name: 'Payments' })
      .getByRole('button', { name: /Invoice/ })
      .waitFor();

    const updates = page.getByRole('region', { name: 'Status Updates' });
    await updates.getByLabel('Title').selectOption('Project In Progress');
    await updates.getByLabel('Date', { exact: true }).fill('2026-03-05');
    await updates.getByLabel('Description').fill('Keyword research is under way');
    await updates.getByRole('button', { name: 'Save Status Update' }).click();
    const previous = page.getByRole('list', { name: 'Previous status updates' });
    await previous.getByText('Keyword research is under way').waitFor();
    await previous.getByText('05 Mar, 2026').waitFor();
    // The form clears after a save (it may re-render just after the list does).
    await expect.poll(() => updates.getByLabel('Title').inputValue()).toBe('');
    await expect.poll(() => updates.getByLabel('Description').inputValue()).toBe('');

    const customerPage = (await browser.newPage({ token: beta.token })).page;
    await customerPage.goto(`/dashboard/projects/${saleId}`);
    await customerPage.getByRole('heading', { name: / Order \d+$/, level: 1 }).waitFor();
    await customerPage.getByText('Keyword research is under way').waitFor();

    await updates.getByLabel('Title').selectOption('Project Completed');
    await updates.getByLabel('Date', { exact: true }).fill('2026-03-20');
    await updates.getByLabel('Description').fill('All pages audited');
    await updates.getByRole('button', { name: 'Save Status Update' }).click();
    await previous.getByText('All pages audited').waitFor();
    await page
      .getByRole('region', { name: 'Project Details' })
      .getByText('Completed', { exact: true })
      .waitFor();
    expect(await page.getByLabel('Project status').inputValue()).toBe('completed');
    await page
      .getByRole('list', { name: 'Activity' })
      .getByText('Project Completed (status active → completed)')
      .waitFor();

    await customerPage.reload();
    await customerPage.getByText(/Your project is complete\./).waitFor();

    // Staff can also put it back on hold directly.
    await page.getByLabel('Project status').selectOption('on-hold');
    await page
      .getByRole('region', { name: 'Status', exact: true })
      .getByRole('button', { name: 'Save' })
      .click();
    await page
      .getByRole('list', { name: 'Activity' })
      .getByText('Status changed from Completed to On Hold')
      .waitFor();

    // And hand it to another co-ordinator.
    const status = page.getByRole('region', { name: 'Status', exact: true });
    await status.getByLabel('Assigned to').selectOption({ label: coordinator.name });
    await status.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('region', { name: 'Customer Details' })
      .getByText(coordinator.name, { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it("replaces a customer's card from the Edit Customer page", async () => {
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto(`/wkm-dashboard/customers/edit/${alpha.userId}`);
    await page.getByRole('heading', { name: 'Edit Customer' }).waitFor();
    await page.getByText('Card: **** **** **** 4242').waitFor();
    const projects = page.getByRole('region', { name: 'Projects' });
    await projects
      .getByRole('link', { name: /^Open sale/ })
      .first()
      .waitFor();

    const payment = page.getByRole('region', { name: 'Payment Information' });
    await fillCardIn(payment, '4000 0000 0000 0001');
    await payment.getByLabel('CVC').blur();
    await payment.getByText(/This is a test checkout/).waitFor();
    await fillCardIn(payment, TEST_CARDS.threeDSecure);
    await payment.getByRole('button', { name: 'Update Payment Method' }).click();
    await payment.getByText('Card: **** **** **** 3155').waitFor();
    await page
      .getByRole('list', { name: 'Activity' })
      .getByText(/Card on file replaced by staff/)
      .waitFor();
    expect(errors).toEqual([]);
  });
});

describe('staff: custom quotes', () => {
  it('creates a quote for a customer, sends it, and follows it from Sent to Viewed to Paid, in Sales and on the overview', async () => {
    const { page, context } = await browser.newPage({ token });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/custom-quotes');
    await page.getByRole('heading', { name: 'All Custom Quotes' }).waitFor();
    await page.getByRole('link', { name: 'Add New Quote' }).click();
    await page.getByRole('heading', { name: 'New Custom Quote' }).waitFor();

    // The server's and the form's rules show at the fields.
    await page.getByRole('button', { name: 'Create Quote' }).click();
    await page.getByText('Give the quote a name').waitFor();
    await page.getByText('Price must be a number').waitFor();

    const buyer = await signUpCustomer(server, 'Quinn', 'Buyer');
    const recipient = page.getByRole('combobox', { name: 'For' });
    await recipient.fill('not an email');
    await page.getByRole('button', { name: 'Create Quote' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await recipient.fill('quinn buy');
    await page.getByRole('option', { name: new RegExp(`Quinn Buyer.*${buyer.email}`) }).click();
    expect(await recipient.inputValue()).toBe('Quinn Buyer');
    await page.getByText(`Customer account: ${buyer.email}`).waitFor();
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);

    await page.getByLabel('Quote Name').fill('Brand film');
    await page.getByLabel('Summary for the customer').fill('A two-minute film about the brand');
    await page.getByLabel('Internal notes').fill('Agreed on the phone with Ada');
    await page.getByLabel('Deliverables').fill('Script, Shoot, Edit');
    await page.getByLabel('Additional Extras').fill('Drone footage');
    await page.getByLabel('Price').fill('1500');
    await page.getByText('The customer pays $1,650.00 inc. GST.').waitFor();
    await page.getByRole('button', { name: 'Create Quote' }).click();
    await page.waitForURL(/\/custom-quotes\/edit\/[^/]+$/);
    const quoteId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Edit Custom Quote' }).waitFor();

    await page.getByRole('button', { name: 'Generate Custom Quote Link' }).click();
    const link = page.getByLabel('Custom quote link');
    expect(await link.inputValue()).toBe(`${server.url}/custom-quote/${quoteId}`);
    expect(await link.getAttribute('readonly')).not.toBeNull();
    // The clipboard needs the page to have focus; other test files run browsers at the same time.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${server.url}/custom-quote/${quoteId}`);

    // Sent to whom the quote is for; a bad address typed instead is refused at the field.
    const sendTo = page.getByLabel("Customer's email");
    expect(await sendTo.inputValue()).toBe(buyer.email);
    await sendTo.fill('not an email');
    await page.getByRole('button', { name: 'Send to customer' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await sendTo.fill(buyer.email);
    await page.getByRole('button', { name: 'Send to customer' }).click();
    await page.getByText(`The quote link was sent to ${buyer.email}`).waitFor();
    await page.getByText(/^Last sent \d\d [A-Z][a-z]{2}, \d{4}\./).waitFor();

    await page.goto('/wkm-dashboard/custom-quotes');
    const listed = page.locator('tbody tr', { hasText: 'Brand film' });
    await listed.getByText('Quinn Buyer').waitFor();
    await listed.getByText(buyer.email).waitFor();
    await listed.getByText('Sent', { exact: true }).waitFor();
    await listed.getByText('$1,500.00 exc. GST').waitFor();
    await listed.getByText('$1,650.00 inc. GST').waitFor();

    const customer = (await browser.newPage({ token: buyer.token })).page;
    await customer.goto(copied.replace(server.url, ''));
    const proposal = customer.getByRole('article', { name: 'Brand film' });
    await proposal.getByText('A two-minute film about the brand').waitFor();
    expect(await customer.getByText('Agreed on the phone with Ada').count()).toBe(0);
    await proposal.getByText('Drone footage', { exact: true }).waitFor();
    await page.reload();
    await listed.getByText('Viewed', { exact: true }).waitFor();
    await acceptProposal(customer, 'Bea Buyer');
    await page.reload();
    await listed.getByText('Accepted', { exact: true }).waitFor();
    await fillCheckout(customer, {
      coordinator: coordinator.name,
      companyName: 'Film Buyers Pty',
      card: TEST_CARDS.success,
    });
    await customer.getByRole('button', { name: 'Confirm & Pay' }).click();
    await customer.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    await page.goto('/wkm-dashboard/sales?type=CustomQuote');
    const row = page.locator('tbody tr', { hasText: 'Brand film' });
    await row.getByText('Film Buyers Pty').waitFor();
    await row.getByText('Custom quote').waitFor();
    await row.getByText('$1,650.00 inc. GST').waitFor();
    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL(/\/wkm-dashboard\/custom-sales\/edit\/[^/]+$/);
    await page.getByRole('heading', { name: 'Custom Sale' }).waitFor();
    await page.getByRole('region', { name: 'Custom Sale' }).getByText('Brand film').waitFor();

    await page.goto('/wkm-dashboard');
    // The test server runs the sandbox and the outbox: the admin is told what is left to set up.
    const setup = page.getByRole('region', { name: 'Before you trade' });
    await setup.getByText('Live card payments').waitFor();
    await setup.getByText(/Payments run in the sandbox/).waitFor();
    await setup.getByText('Email delivery').waitFor();
    const latest = page.getByRole('region', { name: 'Latest Sales' });
    const view = latest.getByRole('link', { name: 'View Brand film' });
    expect(await view.getAttribute('href')).toMatch(/\/wkm-dashboard\/custom-sales\/edit\/[^/]+$/);

    await page.goto('/wkm-dashboard/custom-quotes');
    const quoteRow = page.locator('tbody tr', { hasText: 'Brand film' });
    await quoteRow.getByText('Paid', { exact: true }).waitFor();
    await quoteRow.getByRole('link', { name: /^View sale/ }).waitFor();
    expect(await quoteRow.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    // Staff, the customer and staff again, with a payment between: 71 s on a loaded machine.
  }, 150_000);

  it('removes a quote after confirming, and says why when it was paid meanwhile', async () => {
    const spare = await apiPost<{ _id: string }>(server, '/api/quotes', token, {
      name: 'Spare quote',
      value: 100,
    });
    const raced = await apiPost<{ _id: string }>(server, '/api/quotes', token, {
      name: 'Raced quote',
      value: 250,
    });
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/custom-quotes');
    const spareRow = page.locator('tbody tr', { hasText: 'Spare quote' });
    await spareRow.getByRole('button', { name: /^Remove/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this quote?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await spareRow.waitFor();
    await spareRow.getByRole('button', { name: /^Remove/ }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await spareRow.waitFor({ state: 'detached' });
    await page.getByText('Quote removed').waitFor();

    // Paid by a customer while the list was open: the server refuses, the dialog says why.
    const payer = await signUpCustomer(server, 'Rae', 'Cer');
    const racedRow = page.locator('tbody tr', { hasText: 'Raced quote' });
    await racedRow.waitFor();
    await payQuote(server, payer, raced._id, coordinator._id);
    await racedRow.getByRole('button', { name: /^Remove/ }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog
      .getByText('This quote has been paid, so it can no longer be changed or removed.')
      .waitFor();
    expect(spare._id).toBeTruthy();
    expect(errors).toEqual([]);
  });
});

describe('staff: reporting', () => {
  it('shows revenue by period and service, GST by quarter, and exports the sales as CSV', async () => {
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard');
    await page.getByRole('link', { name: 'View Reporting' }).click();
    await page.waitForURL('**/wkm-dashboard/reporting');
    await page.getByRole('heading', { name: 'Reporting', exact: true }).waitFor();
    await page.getByRole('img', { name: /Sales and orders per day/ }).waitFor();
    const byService = page.getByRole('region', { name: 'Revenue by Service' });
    await byService.getByText('SEO', { exact: true }).waitFor();
    const gst = page.getByRole('region', { name: 'GST Collected' });
    await gst
      .locator('tbody tr')
      .first()
      .getByText(/\$[\d,]+\.\d\d/)
      .first()
      .waitFor();

    await page.getByRole('tab', { name: 'Month' }).click();
    await page.waitForURL(/granularity=month/);
    await page.getByRole('img', { name: /Sales and orders per month/ }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Export CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadText(download);
    expect(csv).toContain('Order number');
    expect(csv).toContain('Alpha Widgets');
    expect(csv).toContain('Brand film');

    // The Sales list exports what it shows.
    await page.goto('/wkm-dashboard/sales?company=Beta+Foods');
    await waitForRowCount(page, BETA_SALES);
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const lines = (await downloadText(filtered)).trim().split(/\r\n/);
    expect(lines).toHaveLength(1 + BETA_SALES);
    expect(lines.slice(1).every((line) => line.includes('Beta Foods'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
