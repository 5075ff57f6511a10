import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import { apiGet, createCoordinator, staffToken, uniqueSuffix } from '../checkout/helpers.ts';
import { mailedLink, placePaidOrder } from './helpers.ts';

/**
 * Client companies (docs/product.md#client-companies): an owner invites a Member and a Billing
 * person; the member answers the brief and approves a deliverable, the billing person downloads
 * the invoice, and neither sees or can do the other's work.
 */
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
});

const invitationPath = (email: string) => mailedLink(server, email, /\/invitations\/[\w-]+/);

async function join(page: Page, link: string, first: string, company: string) {
  await page.goto(link);
  await page.getByRole('heading', { name: `Join ${company}` }).waitFor();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Teammate');
  await page.getByLabel('Choose a password').fill('a long enough password');
  await page.getByRole('button', { name: `Join ${company}` }).click();
  await page.waitForURL('**/dashboard/projects');
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('authToken') ?? '');

async function statusAs(page: Page, url: string, method = 'GET') {
  const token = await tokenOf(page);
  return page.evaluate(
    async ({ url, method, token }) => {
      const answer = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
      // Read to the end: a call left unread never finishes, and the page's accessibility
      // check waits up to 10 s for its calls to finish.
      await answer.arrayBuffer();
      return answer.status;
    },
    { url, method, token },
  );
}

describe('client companies', () => {
  it('an owner invites a member and a billing person, who each do their own part and nothing else', async () => {
    const suffix = uniqueSuffix();
    const company = `Crumb Bakery ${suffix}`;
    const memberEmail = `mia-${suffix}@example.com`;
    const billingEmail = `bea-${suffix}@example.com`;

    // The owner signs up. Until the address is proven the account may buy, but not invite.
    const ownerEmail = `olive-${suffix}@example.com`;
    const ownerPage = (await browser.newPage()).page;
    await ownerPage.goto('/');
    await ownerPage.getByRole('button', { name: 'Join', exact: true }).first().click();
    await ownerPage.getByRole('button', { name: 'Continue with Email' }).click();
    await ownerPage.getByLabel('First name').fill('Olive');
    await ownerPage.getByLabel('Last name').fill('Owner');
    await ownerPage.getByLabel('Email').fill(ownerEmail);
    await ownerPage.getByLabel('Phone number').fill('0412 345 678');
    await ownerPage.getByLabel('Password', { exact: true }).fill('olive owner password');
    await ownerPage.getByLabel('Confirm password').fill('olive owner password');
    await ownerPage.getByRole('button', { name: 'Create account' }).click();
    await ownerPage.waitForURL('**/dashboard');
    const notice = ownerPage.getByRole('heading', { name: 'Confirm your email address' });
    await notice.waitFor();
    const owner = { token: await tokenOf(ownerPage), email: ownerEmail };
    const project = await placePaidOrder(server, owner, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: [],
      coordinatorId: coordinator._id,
    });
    await ownerPage.getByRole('link', { name: 'Your team' }).click();
    const invite = ownerPage.getByRole('region', { name: 'Invite a teammate' });
    await invite.getByText('Open it to invite teammates and rename your company').waitFor();
    expect(await invite.getByLabel('Email').count()).toBe(0);
    expect(await statusAs(ownerPage, '/api/auth/two-factor/setup', 'POST')).toBe(403);

    // The link from the mail proves it; the browser that opens it stays signed in.
    await ownerPage.goto(await mailedLink(server, ownerEmail, /\/verify-email\?token=[\w-]+/));
    await ownerPage
      .getByText('Thank you: your email address is confirmed.')
      .waitFor({ timeout: 60_000 });
    await ownerPage.getByRole('link', { name: 'Go to your dashboard' }).click();
    await ownerPage.getByRole('heading', { name: /^Hello, Olive/ }).waitFor();
    expect(await notice.count()).toBe(0);

    // The owner names the company and invites two teammates from the dashboard.
    await ownerPage.getByRole('link', { name: 'Your team' }).click();
    await ownerPage.getByRole('heading', { name: /^Team of / }).waitFor();
    await ownerPage.getByLabel('Company name').fill(company);
    await ownerPage.getByRole('button', { name: 'Save name' }).click();
    await ownerPage.getByRole('heading', { name: `Team of ${company}` }).waitFor();
    await invite.getByLabel('Email').fill('not an email');
    await invite.getByRole('button', { name: 'Invite a teammate' }).click();
    await invite.getByText('Please enter a valid email address').waitFor();
    await invite.getByLabel('Email').fill(memberEmail);
    await invite.getByLabel('Role').selectOption('member');
    await invite.getByRole('button', { name: 'Invite a teammate' }).click();
    const invitations = ownerPage.getByRole('region', { name: 'Invitations' });
    await invitations.getByText(memberEmail).waitFor();
    await invite.getByLabel('Email').fill(billingEmail);
    await invite.getByLabel('Role').selectOption('billing');
    await invite.getByRole('button', { name: 'Invite a teammate' }).click();
    await invitations.getByText(billingEmail).waitFor();
    // Inviting the same email twice says so and keeps what was typed.
    await invite.getByLabel('Email').fill(billingEmail);
    await invite.getByRole('button', { name: 'Invite a teammate' }).click();
    await invite.getByText(`${billingEmail} is already invited`).waitFor();
    expect(await invite.getByLabel('Email').inputValue()).toBe(billingEmail);

    // The member joins from the link on a phone, answers the brief and approves a deliverable.
    const member = (await browser.newPage({ width: 375 })).page;
    await join(member, await invitationPath(memberEmail), 'Mia', company);
    // The owner's order is the company's: it is in the member's list.
    await member
      .locator('tbody tr', { hasText: `Order ${project.orderNumber}` })
      .getByRole('link')
      .first()
      .click();
    await member.waitForURL(`**/dashboard/projects/${project._id}`);
    await member
      .getByRole('complementary', { name: 'Project details' })
      .getByText('Olive Owner')
      .waitFor();
    expect(await member.getByRole('region', { name: 'Payments' }).count()).toBe(0);
    const brief = member.getByRole('region', { name: 'Brief' });
    await brief.getByLabel('Anything else we should know?').fill('Our colours are green and gold.');
    await brief.getByRole('button', { name: 'Submit Requirements' }).click();
    await brief.getByText('Our colours are green and gold.').waitFor();

    const form = new FormData();
    form.append('text', 'Your first report');
    form.append('deliverable', 'SEO report');
    form.append(
      'attachments',
      new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')], {
        type: 'application/pdf',
      }),
      'report.pdf',
    );
    const sent = await fetch(`${server.url}/api/projects/${project._id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}` },
      body: form,
    });
    expect(sent.status).toBe(201);
    const deliverables = member.getByRole('region', { name: 'Deliverables' });
    const version = deliverables.getByRole('listitem').filter({ hasText: 'Version 1' });
    await version.getByRole('button', { name: 'Approve' }).click({ timeout: 20_000 });
    await version.getByText('Approved', { exact: true }).waitFor();
    const payment = (
      await apiGet<{ _id: string }[]>(server, `/api/projects/${project._id}/payments`, owner.token)
    )[0]!;
    expect(await statusAs(member, `/api/payments/${payment._id}/invoice`)).toBe(403);
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // The billing person downloads the invoice and sees no brief, messages or deliverables.
    const billing = (await browser.newPage()).page;
    await join(billing, await invitationPath(billingEmail), 'Bea', company);
    await billing.goto(`/dashboard/projects/${project._id}`);
    const payments = billing.getByRole('region', { name: 'Payments' });
    const download = billing.waitForEvent('download');
    await payments.getByRole('button', { name: /^Invoice \(PDF\)/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    for (const name of ['Brief', 'Messages', 'Deliverables']) {
      expect(await billing.getByRole('region', { name }).count(), name).toBe(0);
    }
    expect(await statusAs(billing, `/api/projects/${project._id}/messages`)).toBe(403);
    expect(await statusAs(billing, '/api/company')).toBe(403);

    // The owner sees both in the team, and the team's messages reached the member, not Billing.
    await ownerPage.reload();
    const people = ownerPage.getByRole('region', { name: 'People' });
    await people.getByText(memberEmail).waitFor();
    await people.getByText(billingEmail).waitFor();
    expect(await ownerPage.getByRole('region', { name: 'Invitations' }).count()).toBe(0);
    // A long flow over four people and their mail: about a minute alone, more on a busy machine.
  }, 180_000);
});
