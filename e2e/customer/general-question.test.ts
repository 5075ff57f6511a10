import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import { createCoordinator, signUpCustomer, staffToken } from '../checkout/helpers.ts';

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything): a customer asks on their phone, the team
 * sees it in the Inbox marked 'General', answers and assigns it; the answer reaches the
 * customer's open page without a reload; the team turns it into a proposal.
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

describe('a general question', () => {
  it('goes from the dashboard to the Inbox, is answered live, assigned and turned into a quote', async () => {
    const customer = await signUpCustomer(server, 'Mia', 'Menus');
    const errors: string[] = [];
    const { page } = await browser.newPage({ token: customer.token, width: 375 });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/dashboard');
    const ask = page.getByRole('form', { name: 'Ask us anything' });
    await ask.getByLabel('Your question').fill('Can you also do our menus?');
    await ask.getByRole('button', { name: 'Ask' }).click();
    await page.waitForURL(/\/dashboard\/questions\/[^/]+$/);
    const questionId = page.url().split('/').pop()!;
    const thread = page.getByRole('list', { name: 'Messages' });
    await thread.getByText('Can you also do our menus?').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // The team's Inbox has it, marked General.
    const team = (await browser.newPage({ token: staff, width: 1280 })).page;
    await team.goto('/wkm-dashboard/inbox');
    const row = team.getByRole('link', { name: /Mia Menus/ });
    await row.getByText('General', { exact: true }).waitFor();
    await row.getByLabel('1 unread').waitFor();
    await row.click();
    await team.waitForURL(`**/wkm-dashboard/inbox/questions/${questionId}`);
    const messages = team.getByRole('region', { name: 'Messages' });
    await messages.getByText('Can you also do our menus?').waitFor();
    await messages.getByLabel('Write a message').fill('Yes, we design menus too.');
    await messages.getByRole('button', { name: 'Send', exact: true }).click();
    await messages.getByText('Yes, we design menus too.').waitFor();
    await team.getByLabel('Assigned to').selectOption({ label: coordinator.name });
    await team.getByText('Question assigned').waitFor();

    // The customer's open page: the answer arrives by itself.
    await thread.getByText('Yes, we design menus too.').waitFor({ timeout: 10_000 });

    // Staff turn it into a proposal: the form starts with the customer and the question.
    await team.getByRole('link', { name: 'Turn into a quote' }).click();
    await team.waitForURL(/\/custom-quotes\/new\?question=/);
    await team.getByRole('heading', { name: 'New Custom Quote' }).waitFor();
    expect(await team.getByLabel('Summary for the customer').inputValue()).toBe(
      'Can you also do our menus?',
    );
    await team.getByLabel('Price').fill('900');
    await team.getByRole('button', { name: 'Create Quote' }).click();
    await team.waitForURL(/\/custom-quotes\/edit\/[^/]+$/);
    await team.goto(`/wkm-dashboard/inbox/questions/${questionId}`);
    await team.getByRole('link', { name: /Proposal: Can you also do our menus\?/ }).waitFor();
    expect(errors).toEqual([]);
  });
});
