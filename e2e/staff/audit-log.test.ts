import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiStaffLogin } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import {
  api,
  createCoordinator,
  signUpCustomer,
  staffToken,
  uniqueSuffix,
} from '../checkout/helpers.ts';
import { placePaidOrder } from '../customer/helpers.ts';
import { collectPageErrors } from './helpers.ts';

/**
 * The audit log: an admin hands a sale to another co-ordinator through the API; the screen finds
 * the change by person and kind, with the address it came from, and opens the sale. A
 * co-ordinator has no such screen.
 */
let server: RunningServer;
let browser: TestBrowser;
let superAdmin: string;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  superAdmin = await staffToken(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A site user with a password, signed in through the staff sign-in. */
async function staffMember(role: 'admin' | 'co-ordinator', firstName: string) {
  const suffix = uniqueSuffix();
  const email = `${firstName.toLowerCase()}-${suffix}@example.com`;
  const form = new FormData();
  form.append('email', email);
  form.append('role', role);
  form.append('password', 'staff secret 123');
  form.append('profile[firstName]', firstName);
  form.append('profile[lastName]', suffix);
  const user = await api<{ _id: string }>(
    server,
    'POST',
    '/api/users/site-users',
    superAdmin,
    form,
  );
  return {
    _id: user._id,
    name: `${firstName} ${suffix}`,
    token: await apiStaffLogin(server.url, email, 'staff secret 123'),
  };
}

describe('Audit Log', () => {
  it('finds a reassignment by person and kind, with its address, and opens the sale', async () => {
    const admin = await staffMember('admin', 'Audra');
    const first = await createCoordinator(server, superAdmin);
    const second = await createCoordinator(server, superAdmin);
    const customer = await signUpCustomer(server, 'Lena', 'Ledger');
    const project = await placePaidOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: [],
      coordinatorId: first._id,
    });
    await api(server, 'PATCH', `/api/projects/${project._id}`, admin.token, {
      coordinatorId: second._id,
    });

    const { page } = await browser.newPage({ token: admin.token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: 'Audit Log' })
      .click();
    await page.getByRole('heading', { name: 'Audit Log', exact: true }).waitFor();

    await page.getByLabel('Person').selectOption({ label: admin.name });
    await page.waitForURL(/person=/);
    const rows = page.locator('tbody tr');
    // The address changes first; the unfiltered rows stay until her entries arrive.
    await expect
      .poll(async () => [
        (await rows.count()) > 0,
        await rows.filter({ hasNotText: admin.name }).count(),
      ])
      .toEqual([true, 0]);
    const reassigned = rows.filter({ hasText: `assigned to ${second.name}` });
    await reassigned.waitFor();
    // Her own sign-in is there too, until the kind narrows it down.
    await rows.filter({ hasText: 'Signed in to the staff area' }).waitFor();

    await page.getByLabel('Kind').selectOption({ label: 'Assignments and due dates' });
    await page.waitForURL(/kind=assignments/);
    await page.getByText('Showing 1 entry (all)').waitFor();
    expect(await rows.count()).toBe(1);
    await reassigned.getByText('Assignments and due dates').waitFor();
    await reassigned.getByText(first.name, { exact: true }).waitFor();
    await reassigned.getByText(second.name, { exact: true }).waitFor();
    expect(await reassigned.locator('td').nth(3).innerText()).toMatch(/127\.0\.0\.1|::1/);

    // Another kind: nothing of hers, and a way back.
    await page.getByLabel('Kind').selectOption({ label: 'Quotes' });
    await page.getByText('Nothing matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.search.includes('person='));

    // The entry links to the sale.
    await page.getByLabel('Person').selectOption({ label: admin.name });
    await page.getByLabel('Kind').selectOption({ label: 'Assignments and due dates' });
    await reassigned.getByRole('link', { name: /Open/ }).click();
    await page.waitForURL(`**/wkm-dashboard/sales/edit/${project._id}`);
    expect(errors).toEqual([]);
  });

  it('folds the filters into a sheet on a phone, and is not for co-ordinators', async () => {
    const { page } = await browser.newPage({ token: superAdmin, width: 375 });
    await page.goto('/wkm-dashboard/audit-log');
    await page.getByRole('heading', { name: 'Audit Log', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Kind').selectOption({ label: 'Sign-ins' });
    await sheet.getByRole('button', { name: 'Show entries' }).click();
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await page.locator('tbody tr', { hasText: 'Signed in to the staff area' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    const coordinator = await staffMember('co-ordinator', 'Colin');
    const { page: theirs } = await browser.newPage({ token: coordinator.token });
    await theirs.goto('/wkm-dashboard/audit-log');
    await theirs.getByText('You do not have access to this page').waitFor();
    const nav = theirs.getByRole('navigation', { name: 'Dashboard' }).first();
    await nav.getByRole('link', { name: 'Sales' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
  });
});
