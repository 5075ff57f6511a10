import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BriefEntry } from '@noise/shared/project';
import type { RequestItem, RequestPlan } from '@noise/shared/requests';
import { apiStaffLogin } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import {
  api,
  apiGet,
  apiPost,
  fillCheckout,
  orderFromServicePage,
  signUpCustomer,
  staffToken,
  TEST_CARDS,
  uniqueSuffix,
} from '../checkout/helpers.ts';
import { payServiceOrder } from './sales-helpers.ts';

/**
 * The request board (docs/product.md#request-plans): a client buys 'Unlimited Design Requests'
 * and submits two requests (one starts, one queues); staff drag the first to 'In review'; the
 * client approves its deliverable and the queued one starts by itself. A co-ordinator sees only
 * their own clients' cards. The rules (scope, versions, sales counts) are the API tests'
 * (apps/server/src/modules/requests/requests.test.ts); this shows what only a browser does.
 */
let server: RunningServer;
let browser: TestBrowser;
let admin: string;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  admin = await staffToken(server);
});
afterAll(async () => {
  await browser?.close();
});

const SERVICE = 'design-requests';
const PACKAGE = 'One at a time';

/** A co-ordinator with a password, signed in. */
async function coordinator(firstName: string) {
  const suffix = uniqueSuffix();
  const email = `${firstName.toLowerCase()}-${suffix}@example.com`;
  const form = new FormData();
  form.append('email', email);
  form.append('role', 'co-ordinator');
  form.append('password', 'coordinator secret 1');
  form.append('profile[firstName]', firstName);
  form.append('profile[lastName]', suffix);
  const user = await api<{ _id: string }>(server, 'POST', '/api/users/site-users', admin, form);
  return {
    _id: user._id,
    name: `${firstName} ${suffix}`,
    token: await apiStaffLogin(server.url, email, 'coordinator secret 1'),
  };
}

/** The page is no wider than its window: nothing scrolls sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Drags a card by its handle onto a column, in small steps as a hand does. */
async function drag(page: Page, title: string, column: string) {
  const handle = page.getByRole('button', { name: `Drag ${title}` });
  const target = page.getByRole('region', { name: new RegExp(`^${column}`) });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 12 });
  await page.mouse.up();
}

describe('request board', () => {
  it('moves a client’s requests through the board and starts the next when the client approves', async () => {
    const cora = await coordinator('Cora');
    const otto = await coordinator('Otto');
    const company = `Rhea Studio ${uniqueSuffix()}`;
    const client = await signUpCustomer(server, 'Rhea', 'Requests');

    // Another co-ordinator's client, with a request of their own (bought through the API).
    const other = await signUpCustomer(server, 'Oli', 'Other');
    const otherPlan = await payServiceOrder(server, other, {
      serviceId: SERVICE,
      packageTitle: PACKAGE,
      coordinatorId: otto._id,
      companyName: `Oli Goods ${uniqueSuffix()}`,
    });
    const notForCora = new FormData();
    notForCora.append('title', 'Not for Cora');
    await apiPost(server, `/api/my/request-plans/${otherPlan}/requests`, other.token, notForCora);

    // The client, on a phone, buys the plan with Cora as co-ordinator.
    const { page } = await browser.newPage({ token: client.token, width: 375 });
    await orderFromServicePage(page, SERVICE, PACKAGE, []);
    await fillCheckout(page, {
      coordinator: cora.name,
      companyName: company,
      card: TEST_CARDS.success,
    });
    await page.getByRole('button', { name: 'Confirm & Pay' }).click();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();

    // Two requests from the dashboard's Requests panel: the first, with a file to work from,
    // starts; the second queues, with the day it should start.
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Requests' });
    for (const title of ['Autumn menu', 'Spring flyer']) {
      await panel.getByRole('button', { name: 'New request' }).click();
      await panel.getByLabel('Title').fill(title);
      if (title === 'Autumn menu') {
        await panel.getByLabel('Files to work from').setInputFiles({
          name: 'old-menu.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
        });
        await panel.getByText('old-menu.pdf').waitFor();
      }
      await panel.getByRole('button', { name: 'Submit request' }).click();
      await panel.getByRole('link', { name: title }).waitFor();
    }
    await panel.getByText(/In progress/).waitFor();
    await panel
      .getByText(/Queued · 1st in your queue · estimated start \d{2} \w{3}, \d{4}/)
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // Staff drag the first to 'In review' on the board, at 1280 px.
    const staff = (await browser.newPage({ token: admin, width: 1280 })).page;
    await staff.goto('/wkm-dashboard/requests');
    await staff.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    await staff.getByLabel('Client').selectOption({ label: company });
    await staff.waitForURL(/[?&]client=/);
    const progress = staff.getByRole('region', { name: /^In progress/ });
    await progress.getByRole('link', { name: 'Autumn menu' }).waitFor();
    await progress.getByText(cora.name).waitFor();
    const queued = staff.getByRole('region', { name: /^Queued/ });
    await queued.getByText('1st in queue').waitFor();
    await queued.getByText('Estimated start').waitFor();
    const moved = staff.waitForResponse((r) => r.url().includes('/move'));
    await drag(staff, 'Autumn menu', 'In review');
    expect((await moved).status()).toBe(200);
    const review = staff.getByRole('region', { name: /^In review/ });
    await review.getByRole('link', { name: 'Autumn menu' }).waitFor();

    // The card opens the request's own page under Requests: its workspace, and no money.
    await review.getByRole('link', { name: 'Autumn menu' }).click();
    await staff.waitForURL(/\/wkm-dashboard\/requests\/[^/?]+$/);
    await staff.getByRole('heading', { name: 'Autumn menu', level: 1 }).waitFor();
    const nav = staff.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.getByRole('link', { name: 'Requests' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await nav.getByRole('link', { name: 'Sales' }).getAttribute('aria-current')).toBeNull();
    const about = staff.getByRole('region', { name: 'Request', exact: true });
    await about.getByText('In review').waitFor();
    await about.getByRole('link', { name: 'Unlimited Design Requests' }).waitFor();
    await about.getByText(cora.name).waitFor();
    await staff.getByRole('region', { name: 'Messages' }).waitFor();
    await staff.getByRole('region', { name: "Customer's Brief" }).waitFor();
    expect(await staff.getByRole('region', { name: 'Payments' }).count()).toBe(0);
    expect(await staff.getByText(/Paid \$/).count()).toBe(0);
    const requestUrl = new URL(staff.url()).pathname;
    // Its old Edit Sale address leads there too.
    await staff.goto(requestUrl.replace('/requests/', '/sales/edit/'));
    await staff.waitForURL((url) => url.pathname === requestUrl);
    await staff.getByRole('heading', { name: 'Autumn menu', level: 1 }).waitFor();
    const plans = await apiGet<{ plans: RequestPlan[] }>(
      server,
      '/api/my/request-plans',
      client.token,
    );
    const first = plans.plans[0]!.requests.find((r) => r.title === 'Autumn menu')!;
    expect(first.state).toBe('in-review');
    // The file answered its question in the request's brief, where the library finds it.
    const [brief] = await apiGet<BriefEntry[]>(
      server,
      `/api/projects/${first.id}/brief`,
      client.token,
    );
    expect(brief!.attachments.map((f) => [f.name, f.questionId])).toEqual([
      ['old-menu.pdf', 'files'],
    ]);

    // Cora sends a deliverable; the client approves it on the request's page.
    const form = new FormData();
    form.append('text', 'Here is the menu.');
    form.append('deliverable', 'Menu');
    form.append(
      'attachments',
      new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }),
      'menu.pdf',
    );
    await api(server, 'POST', `/api/projects/${first.id}/messages`, cora.token, form);
    await page.goto(`/dashboard/projects/${first.id}`);
    await page
      .getByRole('region', { name: 'Deliverables' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await page.getByText(/Approved by/).waitFor();

    // The queued request started by itself.
    await page.goto('/dashboard');
    await panel.getByRole('link', { name: 'Spring flyer' }).waitFor();
    await panel.getByText(/Done/).waitFor();
    expect(await panel.getByText(/in your queue/).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);

    // Cora, on a phone: her client's cards only, and nothing scrolls sideways.
    const phone = (await browser.newPage({ token: cora.token, width: 375 })).page;
    await phone.goto('/wkm-dashboard/requests');
    await phone
      .getByRole('region', { name: /^In progress/ })
      .getByRole('link', { name: 'Spring flyer' })
      .waitFor();
    await phone
      .getByRole('region', { name: /^Done/ })
      .getByRole('link', { name: 'Autumn menu' })
      .waitFor();
    const cards = await apiGet<{ requests: RequestItem[] }>(server, '/api/requests', cora.token);
    expect(cards.requests.map((r) => r.title).sort()).toEqual(['Autumn menu', 'Spring flyer']);
    expect(await phone.getByText('Not for Cora').count()).toBe(0);
    expect(await fitsWidth(phone)).toBe(true);

    // On a phone the filters fold behind 'Filters', in a sheet.
    expect(await phone.getByLabel('Client').count()).toBe(0);
    await phone.getByRole('button', { name: 'Filters' }).click();
    const sheet = phone.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Client').selectOption({ label: company });
    await sheet.getByRole('button', { name: 'Show requests' }).click();
    await phone.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await phone.waitForURL(/[?&]client=/);

    // Cora opens a card on her phone and moves it on its page, as on the board.
    await phone.getByRole('link', { name: 'Spring flyer' }).click();
    await phone.getByRole('heading', { name: 'Spring flyer', level: 1 }).waitFor();
    const request = phone.getByRole('region', { name: 'Request', exact: true });
    await request.getByText('In progress').waitFor();
    const moving = phone.waitForResponse((r) => r.url().includes('/move'));
    await request.getByLabel('Move Spring flyer to').selectOption({ label: 'In review' });
    expect((await moving).status()).toBe(200);
    await request.getByText('In review').waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.getByRole('link', { name: 'Back to Requests' }).click();
    await phone
      .getByRole('region', { name: /^In review/ })
      .getByRole('link', { name: 'Spring flyer' })
      .waitFor();
  });
});
