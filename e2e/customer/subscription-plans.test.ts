import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectPayment } from '@noise/shared/payments';
import { formatMoney } from '@noise/shared/pricing';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { createDatabase, startServer, type RunningServer } from '../support/server.ts';
import {
  api,
  apiGet,
  apiPost,
  createCoordinator,
  displayDate,
  fillCard,
  fillCheckout,
  orderFromServicePage,
  signUpCustomer,
  staffToken,
  TEST_CARDS,
} from '../checkout/helpers.ts';
import { mailedLink, placePaidOrder } from './helpers.ts';

/**
 * What a customer does with a plan they pay for, on a phone. They move a monthly plan to a
 * dearer package mid-period and pay the prorated 'Due today' the preview showed
 * (docs/product.md#changing-a-plan); and, their request plan's requests for the month used, they
 * buy an extra one and pay its invoice by card (docs/product.md#extra-requests). Its own server on
 * a database of its own: the plan's next charge can be moved twelve days ahead in the database
 * rather than waited for (skipped on PGlite, where the server holds that database), and the
 * catalogue gains a plan that no other test sees.
 */
let server: RunningServer;
let database: Awaited<ReturnType<typeof createDatabase>>;
let browser: TestBrowser;
let coordinator: Awaited<ReturnType<typeof createCoordinator>>;
let admin: string;

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

const DAY = 86_400_000;
/** Days since 1970 of a moment's date in Sydney, the business's time zone. */
const sydneyDay = (at: Date) => {
  const [y, m, d] = at
    .toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' })
    .split('-')
    .map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY;
};

/** One statement on this file's own database: what the test moves rather than waits for. */
async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as Row[];
  } finally {
    await db.end();
  }
}

/** A new customer's paid order of the demo's Social Media Management, Starter ($979.00 a month). */
async function starterPlan(first: string, last: string) {
  const customer = await signUpCustomer(server, first, last);
  const project = await placePaidOrder(server, customer, {
    serviceId: 'social-media-management',
    packageTitle: 'Starter',
    extraTitles: [],
    coordinatorId: coordinator._id,
  });
  return { customer, project };
}

/** On a phone, the project's 'Change plan' dialog with Growth chosen, and its preview. */
async function previewGrowth(projectId: string, token: string) {
  const { page } = await browser.newPage({ token, width: 375 });
  await page.goto(`/dashboard/projects/${projectId}`);
  await page.getByRole('button', { name: 'Change plan of Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('radio', { name: /Growth/ }).check();
  return { page, dialog, preview: dialog.getByTestId('plan-preview') };
}

/** The project's plan change payment, as its page lists it. */
async function planChangeOf(projectId: string, token: string) {
  const list = await apiGet<ProjectPayment[]>(server, `/api/projects/${projectId}/payments`, token);
  return list.find((p) => p.kind === 'plan_change');
}

describe('changing a plan', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a customer on a phone upgrades a monthly plan mid-period and pays the prorated amount shown',
    async () => {
      // The demo catalogue's Social Media Management: Starter $890 and Growth $1,650 a month.
      const { customer, project } = await starterPlan('Uma', 'Upgrade');
      const nextChargeAt = new Date(Date.now() + 12 * DAY);
      await sql('update subscriptions set next_charge_at = $1 where project_id = $2', [
        nextChargeAt,
        project._id,
      ]);
      // The recount: $760.00 more a month for the days left of the month before the next charge.
      const start = new Date(nextChargeAt);
      start.setUTCMonth(start.getUTCMonth() - 1);
      const daysLeft = sydneyDay(nextChargeAt) - sydneyDay(new Date());
      const periodDays = sydneyDay(nextChargeAt) - sydneyDay(start);
      const beforeGst = Math.round((76_000 * daysLeft) / periodDays);
      const dueToday = Math.round((beforeGst * 11) / 10);

      const { page, dialog, preview } = await previewGrowth(project._id, customer.token);
      await preview.getByText(formatMoney(dueToday), { exact: true }).waitFor();
      await preview.getByText(formatMoney(dueToday - beforeGst), { exact: true }).waitFor();
      await preview.getByText(/^Next charge \$1,815\.00 inc\. GST on /).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await dialog.getByRole('button', { name: `Pay ${formatMoney(dueToday)} and change` }).click();

      // The new package shows on the project, and the charge is among its payments.
      const subscription = page.getByRole('region', { name: 'Subscription' });
      await subscription.getByText('Growth', { exact: true }).waitFor();
      await subscription.getByText('$1,815.00 inc. GST every month').waitFor();
      await page.getByText(`Plan change · ${formatMoney(dueToday)}`).waitFor();
      expect(await planChangeOf(project._id, customer.token)).toMatchObject({
        amountCents: dueToday,
        gstCents: dueToday - beforeGst,
        status: 'succeeded',
      });
    },
  );

  it('a customer whose month of requests is used buys an extra one and submits it', async () => {
    // A plan of two blog posts a month, one at a time, with extra posts at $150 before GST.
    const form = new FormData();
    const fields = {
      title: 'Blog Posts',
      description: 'Posts written for your site.',
      packages: JSON.stringify([
        {
          title: 'Two a month',
          type: 'monthly',
          baseCost: '0',
          recurringCost: '400',
          priceSuffix: 'per month',
          features: 'Two posts',
          activeRequestLimit: '1',
          requestsPerPeriod: '2',
          extraRequestPrice: '150',
        },
      ]),
      serviceExtras: '[]',
      faqs: '[]',
      gallery: '[]',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const service = await api<{ _id: string }>(server, 'POST', '/api/services', admin, form);
    const customer = await signUpCustomer(server, 'Bea', 'Blogger');
    const plan = await placePaidOrder(server, customer, {
      serviceId: service._id,
      packageTitle: 'Two a month',
      extraTitles: [],
      coordinatorId: coordinator._id,
    });
    for (const title of ['March post', 'April post']) {
      const request = new FormData();
      request.append('title', title);
      await apiPost(server, `/api/my/request-plans/${plan._id}/requests`, customer.token, request);
    }

    const { page } = await browser.newPage({ token: customer.token, width: 375 });
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Requests' });
    await panel
      .getByText('All 2 requests of this period are used. One more costs $165.00 inc. GST.')
      .waitFor();
    await panel.getByRole('button', { name: 'Buy an extra request' }).click();
    await page.waitForURL(/\/pay\/invoice\//);
    await page.getByText('Extra request: Blog Posts (Two a month,', { exact: false }).waitFor();
    await fillCard(page, TEST_CARDS.success);
    await page.getByRole('button', { name: 'Pay $165.00 inc. GST' }).click();
    await page.getByRole('heading', { name: 'Paid — thank you' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await panel.getByText(/2 of 3 this period \(1 extra\)/).waitFor();
    await panel.getByRole('button', { name: 'New request' }).click();
    await panel.getByLabel('Title').fill('May post');
    await panel.getByRole('button', { name: 'Submit request' }).click();
    await panel.getByRole('link', { name: 'May post' }).waitFor();
    await panel.getByText('Queued · 2nd in your queue', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

describe('a declined renewal', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a signed-out customer on a phone gives a new card from the email's link, and the month is paid",
    async () => {
      // Starter: $890 a month, $979.00 with GST.
      const { customer, project } = await starterPlan('Dev', 'Declined');
      // The card on file stops working, and the next month is due now (to the millisecond, as
      // the server writes its dates).
      await sql(
        `update subscriptions set next_charge_at = date_trunc('milliseconds', now()) - interval '1 minute',
           payment_method_id = 'pm_sandbox_e2edeclinedcard_declined' where project_id = $1`,
        [project._id],
      );
      const link = await mailedLink(server, customer.email, /\/renew-card\/\S+/);

      const { page } = await browser.newPage({ width: 375 });
      await page.goto(link);
      await page.getByRole('heading', { name: 'Update your card' }).waitFor();
      await page.getByText('Social Media Management (Starter)').waitFor();
      await page
        .getByText(/^We could not charge your card on .+: Your card was declined\.$/)
        .waitFor();
      await page.getByText(/^Tries so far: 1\. We will try again on /).waitFor();
      await fillCard(page, TEST_CARDS.success);
      await page.getByRole('button', { name: 'Save card and pay $979.00 inc. GST' }).click();
      await page.getByRole('heading', { name: 'Paid — thank you' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      // The month's renewal, on the project the customer sees.
      const payments = await apiGet<ProjectPayment[]>(
        server,
        `/api/projects/${project._id}/payments`,
        customer.token,
      );
      expect(payments.map((p) => [p.kind, formatMoney(p.amountCents)])).toContainEqual([
        'renewal',
        '$979.00',
      ]);
      // The mailed link is spent.
      await page.goto(link);
      await page
        .getByText('This link has expired or a new card was already given with it.', {
          exact: false,
        })
        .waitFor();
    },
  );
});

describe('pausing a plan', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a client on a phone pauses a plan until a day, and staff resume it on Edit Sale',
    async () => {
      const { customer, project } = await starterPlan('Pia', 'Pause');
      // The agency lets clients pause this package (the service form's tick).
      await sql(
        `update service_packages set clients_may_pause = true
           where service_id = 'social-media-management' and title = 'Starter'`,
      );
      const until = new Date(Date.now() + 14 * DAY).toLocaleDateString('en-CA', {
        timeZone: 'Australia/Sydney',
      });

      const { page } = await browser.newPage({ token: customer.token, width: 375 });
      await page.goto(`/dashboard/projects/${project._id}`);
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Pause Social Media Management?' });
      await dialog.getByLabel('Resume on').fill(until);
      await dialog.getByRole('button', { name: 'Pause plan' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const [y, m, d] = until.split('-').map(Number);
      const shown = displayDate(new Date(Date.UTC(y!, m! - 1, d!, 12)));
      await page.getByText(`Paused until ${shown}`).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );

      const staff = (await browser.newPage({ token: admin, width: 1280 })).page;
      await staff.goto(`/wkm-dashboard/sales/edit/${project._id}`);
      const section = staff.getByRole('region', { name: 'Subscription' });
      await section.getByText(`Paused until ${shown}`).waitFor();
      await section.getByRole('button', { name: 'Resume' }).click();
      await section.getByText('Active', { exact: true }).waitFor();
      await section.getByRole('button', { name: 'Pause', exact: true }).waitFor();
      const subscription = await apiGet<{ status: string; pausedUntil: string | null }>(
        server,
        `/api/projects/${project._id}/subscription`,
        customer.token,
      );
      expect(subscription).toMatchObject({ status: 'active', pausedUntil: null });
    },
  );
});

describe('account credit', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'staff refund part of an order as account credit, and the next renewal spends it before the card',
    async () => {
      // Starter: $890 a month, $979.00 with GST.
      const { customer, project } = await starterPlan('Cal', 'Credit');
      const staff = (await browser.newPage({ token: admin, width: 1280 })).page;
      await staff.goto(`/wkm-dashboard/sales/edit/${project._id}`);
      const payments = staff.getByRole('region', { name: 'Payments' });
      await payments.getByRole('button', { name: /^Refund / }).click();
      const dialog = staff.getByRole('dialog', { name: 'Refund this payment' });
      await dialog.getByRole('radio', { name: /Account credit/ }).check();
      await dialog.getByLabel('Amount (inc. GST)').fill('200');
      await dialog.getByLabel('Reason').selectOption('requested_by_customer');
      await dialog.getByRole('button', { name: 'Refund $200.00' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await payments.getByText('Refunded $200.00 as account credit').waitFor();

      // The next month is due now: $200.00 of credit pays first, the card the other $779.00.
      await sql(
        `update subscriptions set next_charge_at = date_trunc('milliseconds', now()) - interval '1 minute'
           where project_id = $1`,
        [project._id],
      );
      await expect
        .poll(async () => {
          const list = await apiGet<ProjectPayment[]>(
            server,
            `/api/projects/${project._id}/payments`,
            customer.token,
          );
          return list.find((p) => p.kind === 'renewal')?.creditCents;
        })
        .toBe(20_000);

      const { page } = await browser.newPage({ token: customer.token, width: 375 });
      await page.goto('/dashboard/billing');
      const credit = page.getByRole('region', { name: 'Account credit' });
      await credit.getByTestId('credit-balance').getByText('$0.00').waitFor();
      await credit.getByText(`Refund of Order ${project.orderNumber}`).waitFor();
      await credit.getByText(`Paid toward Order ${project.orderNumber}`).waitFor();
      await credit.getByText('−$200.00').waitFor();
      await credit.getByText('+$200.00').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      // Staff see the renewal's part paid from credit beside its invoice.
      await staff.reload();
      await payments.getByText('$200.00 from account credit', { exact: false }).waitFor();
    },
  );

  it('staff add credit on the customer’s page, and the payment page takes it off an order', async () => {
    const customer = await signUpCustomer(server, 'Gia', 'Goodwill');
    const staff = (await browser.newPage({ token: admin, width: 1280 })).page;
    await staff.goto(`/wkm-dashboard/customers/edit/${customer.userId}`);
    const section = staff.getByRole('region', { name: 'Account credit' });
    await section.getByLabel('Amount (inc. GST)').fill('100');
    await section.getByLabel('Reason').fill('A late month in October');
    await section.getByRole('button', { name: 'Save credit' }).click();
    await section.getByTestId('credit-balance').getByText('$100.00').waitFor();
    await section.getByText(/A late month in October/).waitFor();

    // SEO Health Check: $1,249.50 + GST = $1,374.45; $100.00 of credit, $1,274.45 by card.
    const { page } = await browser.newPage({ token: customer.token, width: 375 });
    await orderFromServicePage(page, 'seo', 'SEO Health Check', []);
    // On a phone the summary is folded to what is due today.
    const fold = page.getByRole('button', { name: /Show order summary/ });
    await fold.getByText('$1,274.45').waitFor();
    await fold.click();
    await page.getByText('−$100.00').waitFor();
    await page.getByText('You will be charged $1,274.45 inc. GST', { exact: false }).waitFor();
    await fillCheckout(page, {
      coordinator: coordinator.name,
      companyName: 'Goodwill Gardens',
      card: TEST_CARDS.success,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    await page.goto('/dashboard/billing');
    const credit = page.getByRole('region', { name: 'Account credit' });
    await credit.getByTestId('credit-balance').getByText('$0.00').waitFor();
    await credit.getByText(/^Paid toward Order \d+$/).waitFor();
    await credit.getByText('Added by us').waitFor();
    // The client does not see staff's reason.
    expect(await credit.getByText(/A late month/).count()).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on a phone, credit pays first on an upgrade and on a signed proposal; the card pays the rest',
    async () => {
      const { customer, project } = await starterPlan('Cara', 'Credit');
      const [row] = await sql<{ company_id: string }>(
        'select company_id from projects where id = $1',
        [project._id],
      );
      const addCredit = (amount: string) =>
        apiPost(server, `/api/companies/${row!.company_id}/credit`, admin, {
          direction: 'add',
          amount,
          reason: 'Goodwill',
          idempotencyKey: `credit-${amount}-${project._id}`,
        });
      await addCredit('100');
      await sql('update subscriptions set next_charge_at = $1 where project_id = $2', [
        new Date(Date.now() + 12 * DAY),
        project._id,
      ]);

      const { page, dialog, preview } = await previewGrowth(project._id, customer.token);
      await preview.getByText('−$100.00', { exact: true }).waitFor();
      const charge = await preview
        .getByText('Charge for the rest of the period')
        .evaluate((label) => label.nextElementSibling?.textContent ?? '');
      const chargeCents = Math.round(Number(charge.replace(/[$,]/g, '')) * 100);
      const rest = formatMoney(chargeCents - 10_000);
      await preview.getByText(rest, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: `Pay ${rest} and change` }).click();
      await page
        .getByRole('region', { name: 'Subscription' })
        .getByText('Growth', { exact: true })
        .waitFor();
      expect(await planChangeOf(project._id, customer.token)).toMatchObject({
        amountCents: chargeCents,
        creditCents: 10_000,
      });

      // A signed $2,000 proposal ($2,200.00 inc. GST): $150.00 of credit, $2,050.00 by card.
      await addCredit('150');
      const [quote] = await sql<{ id: string }>(
        `insert into custom_quotes (id, name, summary, internal_notes, deliverables, extras,
                                    value_cents, customer_id, sent_at)
         values ($1, 'Spring launch', 'A launch', '', 'Strategy, Video', '', 200000, $2, now())
         returning id`,
        [`quote-${project._id}`, customer.userId],
      );
      const open = await apiGet<{ version: number }>(
        server,
        `/api/quotes/${quote!.id}`,
        customer.token,
      );
      await apiPost(server, `/api/quotes/${quote!.id}/accept`, customer.token, {
        version: open.version,
        name: 'Cara Credit',
        agreeToTerms: true,
      });
      await page.goto(`/custom-quote/${quote!.id}`);
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await summary.getByRole('button', { name: 'Show order summary $2,050.00' }).click();
      await summary.getByText('Due today (inc. GST)').waitFor();
      await summary.getByText('−$150.00').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await fillCheckout(page, { coordinator: coordinator.name, card: TEST_CARDS.success });
      await page.getByRole('button', { name: 'Confirm & Pay' }).click();
      await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
      const [paid] = await sql<{ amount_cents: number; credit_cents: number }>(
        `select p.amount_cents, p.credit_cents from payments p
           join projects j on j.id = p.project_id where j.quote_id = $1`,
        [quote!.id],
      );
      expect(paid).toEqual({ amount_cents: 220_000, credit_cents: 15_000 });
    },
  );
});
