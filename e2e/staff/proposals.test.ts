import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@noise/shared/project';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { createDatabase, startServer, type RunningServer } from '../support/server.ts';
import {
  acceptProposal,
  apiGet,
  apiPost,
  createCoordinator,
  displayDate,
  fillCard,
  staffToken,
  TEST_CARDS,
  uniqueSuffix,
} from '../checkout/helpers.ts';

/**
 * Proposals (docs/product.md#proposals): staff send one with a deposit and a 'Valid until'; a
 * signed-out customer reads, signs and pays it as a guest and finds the signed PDF on their
 * project; one whose date passed says so. Its own server on a database of its own, so the
 * expired proposal's date can be set in the past in the database rather than waited for.
 */
let server: RunningServer;
let database: Awaited<ReturnType<typeof createDatabase>>;
let browser: TestBrowser;
let admin: string;
let coordinator: Awaited<ReturnType<typeof createCoordinator>>;

beforeAll(async () => {
  database = await createDatabase();
  server = await startServer(database.url ? { DATABASE_URL: database.url } : {});
  browser = await launchBrowser(server.url);
  admin = await staffToken(server);
  coordinator = await createCoordinator(server, admin);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

/** A day as the date input takes it, `days` from today. */
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('proposals', () => {
  it('staff send a proposal; a signed-out customer signs it, pays the deposit and keeps the signed PDF', async () => {
    const name = `Spring launch ${uniqueSuffix()}`;
    const email = `proposal-${uniqueSuffix()}@example.com`;

    // Staff: a $2,000.00 proposal asking 30% first, valid for 14 days, sent to a new address.
    const staff = (await browser.newPage({ token: admin })).page;
    await staff.goto('/wkm-dashboard/custom-quotes/new');
    await staff.getByRole('heading', { name: 'New Custom Quote' }).waitFor();
    await staff.getByLabel('Quote Name').fill(name);
    await staff.getByRole('combobox', { name: 'For' }).fill(email);
    await staff
      .getByLabel('Summary for the customer')
      .fill('Strategy and a launch film for the spring range.');
    await staff.getByLabel('Deliverables').fill('Strategy, Launch film');
    await staff.getByLabel('Price').fill('2000');
    await staff
      .getByLabel('Deposit', { exact: true })
      .selectOption({ label: 'A percentage of the price' });
    await staff.getByLabel('Deposit (%)').fill('30');
    await staff.getByLabel('Valid until', { exact: true }).fill(dayFromNow(14));
    await staff.getByRole('button', { name: 'Create Quote' }).click();
    await staff.waitForURL(/\/custom-quotes\/edit\/[^/]+$/);
    const quoteId = staff.url().split('/').pop()!;
    await staff.getByRole('heading', { name: 'Edit Custom Quote' }).waitFor();
    await staff.getByRole('button', { name: 'Generate Custom Quote Link' }).click();
    await staff.getByRole('button', { name: 'Send to customer' }).click();
    // What the form keeps once the quote is sent; the passing toast is checked in
    // sales-quotes-reporting.test.ts.
    await staff.getByText(/^Last sent \d\d [A-Z][a-z]{2}, \d{4}\./).waitFor();

    // The customer, signed out, reads the proposal and signs it.
    const customer = (await browser.newPage({ width: 375 })).page;
    await customer.goto(`/custom-quote/${quoteId}`);
    const proposal = customer.getByRole('article', { name });
    await proposal.waitFor();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await proposal.getByText('Strategy and a launch film for the spring range.').waitFor();
    await proposal.getByText('Deposit (30%) due on acceptance').waitFor();
    await proposal.getByText('$660.00').waitFor();
    await proposal.getByText(displayDate(new Date(`${dayFromNow(14)}T12:00:00Z`))).waitFor();
    // A one-letter name is refused before anything is sent.
    await customer.getByLabel('Your full name').fill('P');
    await customer.getByLabel('I have read this proposal and agree to its terms.').check();
    await customer.getByRole('button', { name: 'Accept and sign' }).click();
    await customer.getByText('Type your full name to sign').waitFor();
    await acceptProposal(customer, 'Petra Proposal');
    await customer.getByText(/^Accepted and signed by Petra Proposal on /).waitFor();
    // Nothing scrolls sideways on the phone, signed or not.
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Accepting leads to the deposit, paid as a guest checkout pays.
    const summary = customer.getByRole('complementary', { name: 'Order summary' });
    // On a phone the summary opens on its total, folded; the reader unfolds it.
    await summary.getByRole('button', { name: 'Show order summary $660.00' }).click();
    await summary.getByText('Deposit (30%) due now').waitFor();
    await customer
      .getByLabel(/^Who was your .+ coordinator\?$/)
      .selectOption({ label: coordinator.name });
    await customer.getByLabel('First name').fill('Petra');
    await customer.getByLabel('Last name').fill('Proposal');
    await customer.getByLabel('Email').fill(email);
    await customer.getByLabel('Phone number').fill('0412 345 678');
    await customer.getByLabel('Company name').fill('Proposal Films Pty');
    await fillCard(customer, TEST_CARDS.success);
    await customer.getByRole('button', { name: 'Confirm & Pay' }).click();
    await customer.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Signed in by the checkout, the customer finds the signed PDF on the project page.
    const token = await customer.evaluate(() => localStorage.getItem('authToken'));
    const [project] = (await apiGet<Project[]>(server, '/api/projects', token!)).filter(
      (p) => p.service.title === name,
    );
    expect(project).toMatchObject({ quoteId, proposalSigned: true });
    await customer.goto(`/dashboard/projects/${project!._id}`);
    const download = customer.waitForEvent('download');
    await customer.getByRole('button', { name: 'Signed proposal (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe('signed-proposal.pdf');

    // Staff see it signed, then its deposit paid.
    await staff.goto('/wkm-dashboard/custom-quotes');
    await staff
      .locator('tbody tr', { hasText: name })
      .getByText('Deposit paid', { exact: true })
      .waitFor();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a proposal whose date has passed says 'This proposal has expired' and offers nothing to sign",
    async () => {
      const quote = await apiPost<{ _id: string }>(server, '/api/quotes', admin, {
        name: `Late proposal ${uniqueSuffix()}`,
        value: 500,
        recipientEmail: `late-${uniqueSuffix()}@example.com`,
      });
      await apiPost(server, `/api/quotes/${quote._id}/send`, admin, {});
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      await db.query(
        `update custom_quotes set valid_until = now() - interval '1 day' where id = $1`,
        [quote._id],
      );
      await db.end();

      const { page } = await browser.newPage();
      await page.goto(`/custom-quote/${quote._id}`);
      await page.getByText('This proposal has expired').waitFor();
      expect(await page.getByRole('button', { name: 'Accept and sign' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Confirm & Pay' }).count()).toBe(0);

      // Staff give it a new date from the quote page; the customer can sign it again.
      const staff = (await browser.newPage({ token: admin })).page;
      await staff.goto(`/wkm-dashboard/custom-quotes/edit/${quote._id}`);
      await staff.getByText('This proposal has expired').waitFor();
      await staff.getByLabel("New 'Valid until'").fill(dayFromNow(10));
      await staff.getByRole('button', { name: 'Extend' }).click();
      await staff
        .getByText(/^Valid until /)
        .first()
        .waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Accept and sign' }).waitFor();
    },
  );
});
