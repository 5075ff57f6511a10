import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@noise/shared/project';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import {
  acceptProposal,
  apiGet,
  fillCard,
  fillCheckout,
  signUpCustomer,
  staffToken,
  TEST_CARDS,
  uniqueSuffix,
} from '../checkout/helpers.ts';
import { coordinatorWithToken } from './sales-helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let admin: string;
let coordinator: Awaited<ReturnType<typeof coordinatorWithToken>>;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  admin = await staffToken(server);
  coordinator = await coordinatorWithToken(server, admin, 'Dana');
});
afterAll(async () => {
  await browser?.close();
});

describe('deposits on custom quotes', () => {
  it('a 30% deposit starts the project; the co-ordinator requests the balance and the customer pays it', async () => {
    const name = `Shopfront film ${uniqueSuffix()}`;
    const buyer = await signUpCustomer(server, 'Della', 'Deposit');

    // Staff: a $2,000.00 quote asking 30% first.
    const staff = (await browser.newPage({ token: admin })).page;
    await staff.goto('/wkm-dashboard/custom-quotes/new');
    await staff.getByRole('heading', { name: 'New Custom Quote' }).waitFor();
    await staff.getByLabel('Quote Name').fill(name);
    await staff.getByRole('combobox', { name: 'For' }).fill(buyer.email);
    await staff.getByLabel('Deliverables').fill('Script, Shoot, Edit');
    await staff.getByLabel('Price').fill('2000');
    await staff
      .getByLabel('Deposit', { exact: true })
      .selectOption({ label: 'A percentage of the price' });
    await staff.getByLabel('Deposit (%)').fill('100');
    await staff.getByRole('button', { name: 'Create Quote' }).click();
    await staff.getByText('Deposit percentage must be a whole number from 1 to 99').waitFor();
    await staff.getByLabel('Deposit (%)').fill('30');
    await staff
      .getByText(
        'The customer pays $660.00 inc. GST now and $1,540.00 when you request the balance.',
      )
      .waitFor();
    await staff.getByRole('button', { name: 'Create Quote' }).click();
    await staff.waitForURL(/\/custom-quotes\/edit\/[^/]+$/);
    const quoteId = staff.url().split('/').pop()!;

    // The customer pays the deposit only.
    const customer = (await browser.newPage({ token: buyer.token, width: 375 })).page;
    await customer.goto(`/custom-quote/${quoteId}`);
    // On a phone 'Accept and sign' stays in reach while the proposal is read.
    await customer.getByRole('link', { name: 'Accept and sign' }).click();
    await expect
      .poll(() => customer.getByRole('link', { name: 'Accept and sign' }).count())
      .toBe(0);
    await acceptProposal(customer, 'Della Deposit');
    const summary = customer.getByRole('complementary', { name: 'Order summary' });
    // On a phone the summary opens on its total, folded; the reader unfolds it.
    await summary.getByRole('button', { name: 'Show order summary $660.00' }).click();
    await summary.getByRole('heading', { name }).waitFor();
    await summary.getByText('Deposit (30%) due now').waitFor();
    await summary.getByRole('definition').filter({ hasText: '$660.00' }).first().waitFor();
    await summary.getByText('Balance due when the work is ready').waitFor();
    await summary.getByText('$1,540.00').waitFor();
    await fillCheckout(customer, {
      coordinator: coordinator.name,
      companyName: 'Deposit Films Pty',
      card: TEST_CARDS.success,
    });
    await customer.getByRole('button', { name: 'Confirm & Pay' }).click();
    await customer.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    const [sale] = (await apiGet<Project[]>(server, '/api/projects', buyer.token)).filter(
      (p) => p.service.title === name,
    );
    expect(sale!.money).toMatchObject({ chargedCents: 66_000, balanceDueCents: 154_000 });
    await customer.goto(`/dashboard/projects/${sale!._id}`);
    const card = customer.getByRole('complementary', { name: 'Project details' });
    await card.getByText('Balance due').waitFor();
    await card.getByText('$1,540.00 inc. GST').waitFor();
    // Until the balance is asked for, the quote's page has nothing to pay.
    await customer.goto(`/custom-quote/${quoteId}`);
    await customer.getByRole('heading', { name: 'Deposit paid' }).waitFor();
    expect(await customer.getByRole('button', { name: 'Confirm & Pay' }).count()).toBe(0);
    // Signed and paid: the page's next step is this order's brief.
    expect(await customer.getByRole('link', { name: 'Send your brief' }).getAttribute('href')).toBe(
      `/dashboard/projects/${sale!._id}#brief`,
    );

    // The project's co-ordinator asks for the balance from the sale.
    const dana = (await browser.newPage({ token: coordinator.token })).page;
    await dana.goto(`/wkm-dashboard/custom-sales/edit/${sale!._id}`);
    const balance = dana.getByRole('region', { name: 'Deposit and balance' });
    await balance.getByText('$1,540.00').waitFor();
    await dana.getByText('Deposit paid $660.00 inc. GST · Balance $1,540.00 due').first().waitFor();
    await balance.getByRole('button', { name: 'Request balance' }).click();
    await dana.getByText(`The balance request was sent to ${buyer.email}`).waitFor();

    // The customer pays it with a card alone, on the same quote link.
    await customer.goto(`/custom-quote/${quoteId}`);
    await customer.getByRole('heading', { name: 'Pay the balance' }).waitFor();
    await summary.getByRole('button', { name: 'Show order summary $1,540.00' }).click();
    await summary.getByText('Deposit (30%) paid').waitFor();
    // Due a week after it was asked for (docs/product.md#deposits-on-custom-quotes).
    await summary.getByText(/^Balance due by \d{2} \w{3}, \d{4}$/).waitFor();
    expect(await customer.getByLabel(/^Who was your .+ coordinator\?$/).isVisible()).toBe(false);
    await fillCard(customer, TEST_CARDS.success);
    await customer.getByRole('button', { name: 'Confirm & Pay' }).click();
    await customer.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    await customer.goto(`/dashboard/projects/${sale!._id}`);
    await card.getByText('Balance paid').waitFor();
    await card.getByText('$2,200.00 inc. GST').waitFor();
    await customer.getByText(/^Balance · /).waitFor();
    await customer.getByText(/^Deposit · /).waitFor();
    // The timeline tells the whole order: signed, deposit paid, balance asked for and paid.
    const timeline = customer.getByRole('region', { name: 'Timeline' });
    const titles = async () =>
      (await timeline.locator('li > p.font-display').allTextContents()).filter((t) =>
        ['Proposal signed', 'Deposit paid', 'Balance requested', 'Balance paid'].includes(t),
      );
    await expect
      .poll(titles)
      .toEqual(['Proposal signed', 'Deposit paid', 'Balance requested', 'Balance paid']);

    await dana.reload();
    await balance.getByText('Paid in full.').waitFor();
    await dana
      .getByText('Paid $2,200.00 inc. GST: deposit $660.00 and balance $1,540.00')
      .first()
      .waitFor();
    expect(await balance.getByRole('button', { name: 'Request balance' }).count()).toBe(0);
    await staff.goto('/wkm-dashboard/custom-quotes');
    await staff.locator('tbody tr', { hasText: name }).getByText('Paid', { exact: true }).waitFor();
  });
});
