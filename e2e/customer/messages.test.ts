import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import { createCoordinator, signUpCustomer, staffToken } from '../checkout/helpers.ts';
import { placePaidOrder } from './helpers.ts';

/**
 * The project's conversation: a customer asks with a PDF, the team sees it in the Inbox, answers
 * and writes itself a note; the customer's open page shows the answer without a reload, and
 * never the note.
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
  await server?.stop();
});

const pdf = {
  name: 'ideas.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
};

describe('project messages', () => {
  it('carries a question to the Inbox and the answer back live, keeping notes to the team; a deliverable is sent back, then approved', async () => {
    const customer = await signUpCustomer(server, 'Maya', 'Asker');
    const project = await placePaidOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'SEO Health Check',
      extraTitles: [],
      coordinatorId: coordinator._id,
    });
    const errors: string[] = [];
    const { page } = await browser.newPage({ token: customer.token, width: 375 });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/dashboard/projects/${project._id}`);
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages
      .getByText('No messages yet. Ask your team anything about this project.')
      .waitFor();
    await messages.getByLabel('Write a message').fill('Can you look at these ideas?');
    await messages.getByLabel('Attach files').setInputFiles(pdf);
    await messages.getByLabel('Write a message').press('Enter');
    const list = messages.getByRole('list', { name: 'Messages' });
    await list.getByText('Can you look at these ideas?').waitFor();
    await list.getByRole('button', { name: /ideas\.pdf/ }).waitFor();
    await expect.poll(() => messages.getByLabel('Write a message').inputValue()).toBe('');

    // The team's Inbox has it, with its count.
    const team = (await browser.newPage({ token: staff })).page;
    await team.goto('/wkm-dashboard/inbox');
    const row = team.getByRole('link', { name: /Maya Asker/ });
    await row.getByText('Can you look at these ideas?').waitFor();
    await row.getByLabel('1 unread').waitFor();
    await row.click();
    await team.waitForURL(`**/wkm-dashboard/sales/edit/${project._id}#messages`);
    const staffThread = team.getByRole('region', { name: 'Messages' });
    await staffThread.getByText('Can you look at these ideas?').waitFor();
    await staffThread.getByLabel('Write a message').fill('Yes! A first draft comes Friday.');
    await staffThread.getByRole('button', { name: 'Send', exact: true }).click();
    await staffThread.getByText('Yes! A first draft comes Friday.').waitFor();
    await expect.poll(() => staffThread.getByLabel('Write a message').inputValue()).toBe('');
    await staffThread.getByText("Internal note – the customer won't see this").click();
    await staffThread
      .getByLabel('Write a message')
      .fill('Budget is tight: keep it to two options.');
    await staffThread.getByRole('button', { name: 'Save note' }).click();
    await staffThread.getByText('Budget is tight: keep it to two options.').waitFor();

    // Read, so off the Inbox.
    await team.goto('/wkm-dashboard/inbox');
    await team.getByText("You're all caught up").waitFor();

    // The customer's open page: the answer arrives by itself; the note never does.
    await list.getByText('Yes! A first draft comes Friday.').waitFor({ timeout: 10_000 });
    expect(await list.getByText('Budget is tight').count()).toBe(0);
    await page.reload();
    await list.getByText('Yes! A first draft comes Friday.').waitFor();
    expect(await page.getByText('Budget is tight').count()).toBe(0);

    // A deliverable: the customer's open page shows it with the buttons, without a reload.
    await team.goto(`/wkm-dashboard/sales/edit/${project._id}`);
    await staffThread.getByText('Send as deliverable').click();
    await staffThread.getByLabel('Deliverable name').fill('Logo');
    await staffThread.getByLabel('Write a message').fill('Here is the first logo.');
    await staffThread.getByLabel('Attach files').setInputFiles({ ...pdf, name: 'logo-v1.pdf' });
    await staffThread.getByRole('button', { name: 'Send deliverable' }).click();
    await staffThread.getByText('Deliverable: Logo, version 1').waitFor();

    const deliverables = page.getByRole('region', { name: 'Deliverables' });
    const v1 = deliverables.getByRole('listitem').filter({ hasText: 'Version 1' });
    await v1.getByText('Awaiting approval').waitFor({ timeout: 10_000 });
    await v1.getByRole('button', { name: /logo-v1\.pdf/ }).waitFor();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByText('Ready for your approval: Logo, version 1')
      .waitFor();

    // Changes, said in a dialog; they arrive as the customer's message.
    await v1.getByRole('button', { name: 'Request changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('Say what should change').waitFor();
    await dialog.getByLabel('What should we change?').fill('A darker blue, please.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await v1.getByText('Changes requested', { exact: true }).waitFor();
    await list.getByText('A darker blue, please.').waitFor();

    // The team sees it on the sale, live, and sends version 2.
    const staffDeliverables = team.getByRole('region', { name: 'Deliverables' });
    await staffDeliverables.getByText('Changes requested', { exact: true }).waitFor({
      timeout: 10_000,
    });
    await staffThread.getByText('A darker blue, please.').waitFor();
    await staffThread.getByText('Send as deliverable').click();
    await staffThread.getByLabel('Deliverable name').fill('Logo');
    await staffThread.getByLabel('Write a message').fill('Darker, as asked.');
    await staffThread.getByLabel('Attach files').setInputFiles({ ...pdf, name: 'logo-v2.pdf' });
    await staffThread.getByRole('button', { name: 'Send deliverable' }).click();
    await staffThread.getByText('Deliverable: Logo, version 2').waitFor();

    const v2 = deliverables.getByRole('listitem').filter({ hasText: 'Version 2' });
    await v2.getByRole('button', { name: 'Approve' }).click({ timeout: 10_000 });
    await v2.getByText('Approved', { exact: true }).waitFor();
    await v1.getByText('Superseded').waitFor();
    await page
      .getByRole('region', { name: 'Timeline' })
      .getByText('You approved Logo, version 2')
      .waitFor();
    await staffDeliverables
      .getByRole('listitem')
      .filter({ hasText: 'Version 2' })
      .getByText('Approved', { exact: true })
      .waitFor({ timeout: 10_000 });

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
  });
});
