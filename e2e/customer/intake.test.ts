import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createCoordinator, signUpCustomer, staffToken } from '../checkout/helpers.ts';
import { payQuote } from '../staff/sales-helpers.ts';
import { placePaidOrder } from './helpers.ts';

/**
 * Intake questions: staff add three questions to a service (one required, one choice, one file);
 * a customer who buys it is refused on the empty required one, answers all three, and the team
 * reads the answers on the sale. A custom quote starts from that service's questions, drops one
 * and gets one written for it, and its brief asks those.
 */
let server: RunningServer;
let browser: TestBrowser;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.url);
  admin = await staffToken(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const png = {
  name: 'old-logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

describe('intake questions', () => {
  it('are asked in the brief, checked, and read by the team on the sale', async () => {
    const staff = (await browser.newPage({ token: admin })).page;
    await staff.goto('/wkm-dashboard/services/edit/podcasts');
    const section = staff.getByRole('region', { name: 'Intake questions' });
    await section.getByText('No questions: the brief is free text.').waitFor();
    for (let i = 0; i < 3; i++) {
      await section.getByRole('button', { name: 'Add Question' }).click();
    }
    const questions = section.getByRole('listitem');
    await questions.nth(0).getByLabel('Question').fill('Brand name');
    await questions.nth(0).getByRole('checkbox', { name: 'Required' }).click();
    await questions.nth(1).getByLabel('Question').fill('Style');
    await questions.nth(1).getByLabel('Answer type').selectOption('Single choice');
    await questions.nth(1).getByLabel('Choices').fill('Bold\nCalm');
    await questions.nth(2).getByLabel('Question').fill('Current logo');
    await questions.nth(2).getByLabel('Answer type').selectOption('File upload');
    // The keyboard's way to reorder: the file question up, and back down.
    await questions.nth(2).getByRole('button', { name: 'Move question 3 up' }).click();
    await expect
      .poll(() => questions.nth(1).getByLabel('Question').inputValue())
      .toBe('Current logo');
    await questions.nth(1).getByRole('button', { name: 'Move question 2 down' }).click();
    await section.getByRole('button', { name: 'Preview as the customer sees it' }).click();
    await section
      .getByRole('region', { name: 'Preview of the questions' })
      .getByText('Calm')
      .waitFor();
    await staff.getByRole('button', { name: 'Update', exact: true }).click();
    await staff.waitForURL('**/wkm-dashboard/services');

    const customer = await signUpCustomer(server, 'Iris', 'Intake');
    const project = await placePaidOrder(server, customer, {
      serviceId: 'podcasts',
      packageTitle: 'Pilot Episode',
      extraTitles: [],
      coordinatorId: (await createCoordinator(server, admin))._id,
    });
    const page = (await browser.newPage({ token: customer.token, width: 375 })).page;
    await page.goto(`/dashboard/projects/${project._id}`);
    const brief = page.getByRole('region', { name: 'Brief' });
    await brief.getByLabel('Brand name').waitFor();
    await brief.getByRole('button', { name: 'Submit Requirements' }).click();
    await brief.getByText("Please answer 'Brand name'").waitFor();
    await brief.getByRole('radio', { name: 'Calm' }).check();
    await brief.getByLabel('Brand name').fill('Acme Bakery');
    await brief.getByLabel('Current logo').setInputFiles(png);
    await brief.getByLabel('Anything else we should know?').fill('We love green.');
    await brief.getByRole('button', { name: 'Submit Requirements' }).click();
    const answers = brief.getByRole('definition');
    await answers.filter({ hasText: 'Acme Bakery' }).waitFor();
    await answers.filter({ hasText: 'Calm' }).waitFor();
    await brief.getByText('old-logo.png').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Until the team starts the work, the client corrects what they sent.
    await brief.getByRole('button', { name: 'Correct', exact: true }).click();
    const correction = brief.getByRole('form', { name: 'Correct the brief' });
    await correction.getByLabel('Brand name').fill('');
    await correction.getByRole('button', { name: 'Save correction' }).click();
    await correction.getByText("Please answer 'Brand name'").waitFor();
    await correction.getByLabel('Brand name').fill('Acme Bakery & Co');
    await correction.getByRole('button', { name: 'Save correction' }).click();
    await correction.waitFor({ state: 'detached' });
    await answers.filter({ hasText: 'Acme Bakery & Co' }).waitFor();
    await brief.getByText(/^Corrected on /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await staff.goto(`/wkm-dashboard/sales/edit/${project._id}`);
    const sale = staff.getByRole('region', { name: "Customer's Brief" });
    await sale.getByText('Brand name').first().waitFor();
    await sale.getByText('Acme Bakery & Co').waitFor();
    // The team reads what it said before the correction.
    await sale.getByText('Earlier versions (1)').click();
    await sale.getByText(/^Before Iris Intake’s correction on /).waitFor();
    await sale.getByText('Acme Bakery', { exact: true }).waitFor();
    await sale.getByText('Calm').first().waitFor();
    await sale.getByRole('button', { name: /old-logo\.png/ }).waitFor();
    await sale.getByText('We love green.').first().waitFor();
  });

  it('on a custom quote start from a service, are changed for the quote and asked in its brief', async () => {
    const staff = (await browser.newPage({ token: admin })).page;
    await staff.goto('/wkm-dashboard/custom-quotes/new');
    await staff.getByLabel('Quote Name').fill('Shopfront refresh');
    await staff.getByLabel('Price').fill('800');
    const section = staff.getByRole('region', { name: 'Brief questions' });
    await section.getByText('No questions: the brief is free text.').waitFor();
    // The first test gave Podcast Production three questions.
    await section.getByLabel('Start from a service').selectOption('Podcast Production');
    const questions = section.getByRole('listitem');
    await expect.poll(() => questions.count()).toBe(3);
    await questions.nth(2).getByRole('button', { name: 'Remove question' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => questions.count()).toBe(2);
    await section.getByRole('button', { name: 'Add Question' }).click();
    // A question without its words is refused at the field, and the quote is not created.
    await staff.getByRole('button', { name: 'Create Quote' }).click();
    await questions.nth(2).getByText('This field is required').waitFor();
    expect(new URL(staff.url()).pathname).toBe('/wkm-dashboard/custom-quotes/new');
    await questions.nth(2).getByLabel('Question').fill('Shop address');
    await questions.nth(2).getByRole('checkbox', { name: 'Required' }).click();
    await staff.getByRole('button', { name: 'Create Quote' }).click();
    await staff.waitForURL(/\/custom-quotes\/edit\/[^/]+$/);
    const quoteId = staff.url().split('/').pop()!;
    await staff.reload();
    await expect.poll(() => questions.count()).toBe(3);
    expect(await questions.nth(2).getByLabel('Question').inputValue()).toBe('Shop address');

    const customer = await signUpCustomer(server, 'Quincy', 'Questions');
    const coordinator = await createCoordinator(server, admin);
    const projectId = await payQuote(server, customer, quoteId, coordinator._id);
    const page = (await browser.newPage({ token: customer.token })).page;
    await page.goto(`/dashboard/projects/${projectId}`);
    const brief = page.getByRole('region', { name: 'Brief' });
    await brief.getByLabel('Shop address').waitFor();
    await brief.getByLabel('Brand name').waitFor();
    expect(await brief.getByLabel('Current logo').count()).toBe(0);
    await brief.getByLabel('Brand name').fill('Corner Shop');
    await brief.getByRole('button', { name: 'Submit Requirements' }).click();
    await brief.getByText("Please answer 'Shop address'").waitFor();
    await brief.getByLabel('Shop address').fill('1 Main St, Hobart');
    await brief.getByRole('button', { name: 'Submit Requirements' }).click();
    await brief.getByRole('definition').filter({ hasText: '1 Main St, Hobart' }).waitFor();
  });
});
