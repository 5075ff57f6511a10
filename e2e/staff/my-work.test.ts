import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiStaffLogin } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import { api, signUpCustomer, staffToken, uniqueSuffix } from '../checkout/helpers.ts';
import { placePaidOrder } from '../customer/helpers.ts';

/**
 * Assigned work: an admin hands a project to another co-ordinator on Edit Sale; the new one finds
 * it in My Work with its due date, the old one no longer does, and the sale's activity says who.
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
  await server?.stop();
});

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
    email,
    name: `${firstName} ${suffix}`,
    token: await apiStaffLogin(server.url, email, 'coordinator secret 1'),
  };
}

describe('My Work', () => {
  it('follows a reassigned project from one co-ordinator to the other', async () => {
    const first = await coordinator('Fern');
    const second = await coordinator('Sam');
    const customer = await signUpCustomer(server, 'Wanda', 'Work');
    const project = await placePaidOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: [],
      coordinatorId: first._id,
    });
    await api(server, 'PATCH', `/api/projects/${project._id}`, admin, {
      expectedDeliveryDate: '2099-03-15',
      dueChangeReason: 'Agreed with the customer',
    });

    // Fern has it, waiting for the customer's brief.
    const fern = (await browser.newPage({ token: first.token, width: 375 })).page;
    await fern.goto('/wkm-dashboard/my-work');
    const waiting = fern.getByRole('region', { name: /Waiting for the customer/ });
    await waiting.getByRole('link', { name: /Wanda Work/ }).waitFor();
    await waiting.getByText('Waiting for the brief').waitFor();

    // The admin hands it to Sam on Edit Sale.
    const page = (await browser.newPage({ token: admin })).page;
    await page.goto(`/wkm-dashboard/sales/edit/${project._id}`);
    await page.getByLabel('Assigned to').selectOption({ label: second.name });
    await page
      .getByRole('region', { name: 'Status', exact: true })
      .getByRole('button', { name: 'Save' })
      .click();
    const activity = page.getByRole('region', { name: /Activity/ });
    const moved = `Order ${project.orderNumber} assigned to ${second.name} (was ${first.name})`;
    await activity.getByText(moved).waitFor({ timeout: 10_000 });

    // Sam signs in and starts from My Work, where it is with its due date; a bell tells him.
    // Fern no longer has it, nor can she open it.
    const sam = (await browser.newPage()).page;
    await sam.goto('/wkm-login');
    await sam.getByLabel('Username or Email Address').fill(second.email);
    await sam.getByRole('textbox', { name: 'Password' }).fill('coordinator secret 1');
    await sam.locator('button[type=submit]').click();
    await sam.waitForURL('**/wkm-dashboard/my-work');
    const row = sam.getByRole('link', { name: /Wanda Work/ });
    await row.getByText('15 Mar, 2099').waitFor();
    await sam.getByRole('button', { name: /Notifications/ }).click();
    await sam.getByText(`Assigned to you: Order ${project.orderNumber}, SEO`).waitFor();
    await fern.reload();
    await fern.getByText('Nothing open').waitFor();
    await fern.goto(`/wkm-dashboard/sales/edit/${project._id}`);
    await fern.getByText('Sale not found').waitFor();

    // An admin sees everyone's, with who has each.
    await page.goto('/wkm-dashboard/my-work?member=everyone');
    await page
      .getByRole('link', { name: /Wanda Work/ })
      .getByText(second.name)
      .waitFor();
    // The audit log keeps it, with the due date the admin set and why.
    await page.goto('/wkm-dashboard/audit-log');
    await page.getByLabel('Kind').selectOption({ label: 'Assignments and due dates' });
    await page.locator('tbody tr', { hasText: moved }).first().waitFor();
    await page.locator('tbody tr', { hasText: 'Agreed with the customer' }).first().waitFor();
    expect(await fern.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
