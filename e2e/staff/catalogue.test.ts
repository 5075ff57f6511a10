import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiStaffLogin } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { apiGet, collectPageErrors, pngFile, uniqueSuffix } from './helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.url);
  token = await apiStaffLogin(server.url, server.adminEmail, server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ServiceRow {
  _id: string;
  title: string;
}

describe('staff: services', () => {
  it('creates a service, finds it on the site and in search, edits and deletes it', async () => {
    const title = `Podcast Launch Kit ${uniqueSuffix()}`;
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/services');
    await page.getByRole('heading', { name: 'Services', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Add New Service' }).click();
    await page.waitForURL(/\/services\/new$/);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('Everything to get a show on air.');
    await page.getByLabel('Initial investment description').fill('Studio setup and first episode');
    await page.getByLabel('Gallery images').setInputFiles(pngFile('studio.png'));
    await page.getByRole('list', { name: 'Gallery' }).getByRole('listitem').first().waitFor();

    await page.getByRole('button', { name: 'Add Package' }).click();
    const pkg = page.getByRole('group', { name: 'Package 1' });
    await pkg.getByLabel('Package title').fill('Starter');
    await pkg.getByLabel('Type').selectOption('monthly');
    // docs/product.md#manage-service-form: the package costs are required and numeric.
    await page.getByRole('button', { name: 'Publish' }).click();
    await pkg.getByText('This field is required').waitFor();
    await pkg.getByLabel('Initial Investment').fill('abc');
    await page.getByRole('button', { name: 'Publish' }).click();
    await pkg.getByText('Please enter a number').waitFor();
    await pkg.getByLabel('Initial Investment').fill('499');
    await pkg.getByLabel('Recurring Fees').fill('99');
    await pkg.getByLabel('Features').fill('Two episodes, Cover art, Show notes');

    await page.getByRole('button', { name: 'Add Extra' }).click();
    const extra = page.getByRole('group', { name: 'Extra 1' });
    await extra.getByLabel('Extra title').fill('Trailer');
    await extra.getByLabel('Price').fill('150');
    await extra.getByLabel('Extra description').fill('A 30 second trailer.');

    await page.getByRole('button', { name: 'Add FAQ' }).click();
    const faq = page.getByRole('group', { name: 'FAQ 1' });
    await faq.getByLabel('Question').fill('Do I need a microphone?');
    await faq.getByLabel('Answer').fill('No, we bring the kit.');

    // Removing asks first; cancelling keeps the entry.
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    await page
      .getByRole('group', { name: 'FAQ 2' })
      .getByRole('button', { name: 'Remove FAQ' })
      .click();
    const ask = page.getByRole('alertdialog', {
      name: 'Are you sure you want to remove this FAQ?',
    });
    await ask.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('group', { name: 'FAQ 2' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByRole('heading', { name: title, level: 1 }).waitFor();
    await preview.getByRole('tab', { name: 'Starter' }).waitFor();
    // The initial investment is the package's own, not typed a second time.
    await preview.getByText('$499.00').first().waitFor();
    await preview.getByText(`${title} FAQs`).waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/wkm-dashboard\/services$/);
    const row = page.locator('tbody tr').filter({ hasText: title });
    await row.waitFor();

    const services = await apiGet<ServiceRow[]>(server.url, '/api/services/manage', token);
    const id = services.find((s) => s.title === title)!._id;
    expect(await row.getByRole('link', { name: /^View/ }).getAttribute('href')).toBe(
      `/services/${id}`,
    );

    const visitor = await browser.newPage();
    await visitor.page.goto(`/services/${id}`);
    await visitor.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await visitor.page.getByRole('tab', { name: 'Starter' }).waitFor();
    await visitor.page.getByText('Do I need a microphone?').waitFor();
    // The uploaded image is shown from its resized WebP copies.
    const srcset = await visitor.page
      .getByRole('img', { name: `${title}: image 1` })
      .getAttribute('srcset');
    expect(srcset).toMatch(/\.w480\.webp 480w, .+\.w960\.webp 960w, .+\.w1600\.webp 1600w$/);
    await visitor.page.goto('/');
    await visitor.page
      .getByPlaceholder('What service are you looking for?')
      .first()
      .fill('Podcast Launch');
    await visitor.page.getByRole('option', { name: title }).waitFor();

    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL(/\/services\/edit\//);
    await page.getByRole('heading', { name: 'Edit Service' }).waitFor();
    expect(await page.getByRole('button', { name: 'Preview' }).count()).toBe(0);
    expect(
      await page
        .getByRole('group', { name: 'Package 1' })
        .getByLabel('Recurring Fees')
        .inputValue(),
    ).toBe('99');
    await page.getByLabel('Title', { exact: true }).fill(`${title} v2`);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(/\/wkm-dashboard\/services$/);
    const edited = page.locator('tbody tr').filter({ hasText: `${title} v2` });
    await edited.waitFor();
    const publicService = await apiGet<{
      title: string;
      gallery: string[];
      serviceExtras: unknown[];
    }>(server.url, `/api/services/${id}`, token);
    expect(publicService.title).toBe(`${title} v2`);
    expect(publicService.gallery).toHaveLength(1);
    expect(publicService.serviceExtras).toHaveLength(1);

    await edited.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Service' }).click();
    await edited.waitFor({ state: 'detached' });
    expect((await fetch(`${server.url}/api/services/${id}`)).status).toBe(404);
    expect(errors).toEqual([]);
  });
});

describe('staff: pages and industries', () => {
  it('creates a page with an item', async () => {
    const title = `Case Studies ${uniqueSuffix()}`;
    const { page } = await browser.newPage({ token });
    await page.goto('/wkm-dashboard/pages/new');
    await page.getByRole('heading', { name: 'Add New Page' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const item = page.getByRole('group', { name: 'Item 1' });
    await item.getByLabel('Item title').fill('Retail launch');
    await item.getByLabel('Link').fill('/services/seo');
    await item.getByLabel('Feature photo', { exact: true }).setInputFiles(pngFile('retail.png'));
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/wkm-dashboard\/pages$/);
    const row = page.locator('tbody tr').filter({ hasText: title });
    await row.waitFor();
    const href = await row.getByRole('link', { name: /^View/ }).getAttribute('href');
    const visitor = await browser.newPage();
    await visitor.page.goto(href!);
    await visitor.page.getByRole('heading', { name: title }).waitFor();
    await visitor.page.getByText('Retail launch').waitFor();
  });

  it('creates an industry', async () => {
    const { page } = await browser.newPage({ token });
    await page.goto('/wkm-dashboard/industries');
    await page.getByRole('link', { name: 'Add New Industry' }).click();
    await page.getByRole('heading', { name: 'Add New Industry' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Aviation');
    await page.getByLabel('Link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText("Use a path starting with '/' or an http(s):// address").waitFor();
    await page.getByLabel('Link').fill('https://example.com/aviation');
    await page.getByLabel('Feature photo', { exact: true }).setInputFiles(pngFile('plane.png'));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/wkm-dashboard\/industries$/);
    const row = page.locator('tbody tr').filter({ hasText: 'Aviation' });
    await row.waitFor();
    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.getByRole('heading', { name: 'Edit Industry' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Aviation & Aerospace');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(/\/wkm-dashboard\/industries$/);
    await page.locator('tbody tr').filter({ hasText: 'Aviation & Aerospace' }).waitFor();
  });
});

describe('staff: company pages', () => {
  it('replaces the demo Terms of Service with the shop’s own, which the footer page then shows', async () => {
    const visitor = await browser.newPage({ width: 375 });
    await visitor.page.goto('/our-team');
    await visitor.page.getByRole('heading', { level: 2, name: 'Co-ordinators' }).waitFor();

    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/company-pages');
    await page.getByRole('heading', { name: 'Company Pages', exact: true }).waitFor();
    const terms = page.getByRole('row', { name: /Terms of Service/ });
    await terms.getByText('Demo text: replace it').waitFor();
    await terms.getByRole('link', { name: 'Edit Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Edit Terms of Service' }).waitFor();
    await page
      .getByLabel('Terms of Service text')
      .fill('## Our terms\nWe do good work.\n\n- Pay on time\n- Enjoy the results');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/company-pages$/);
    await page
      .getByRole('row', { name: /Terms of Service/ })
      .getByText(/^Your text, updated/)
      .waitFor();

    await visitor.page.goto('/terms-of-service');
    await visitor.page.getByRole('heading', { level: 2, name: 'Our terms' }).waitFor();
    await visitor.page.getByRole('listitem').filter({ hasText: 'Pay on time' }).waitFor();
    expect(await visitor.page.getByText('1. Who we are').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('staff: site navigation', () => {
  it("renames and reorders the header's links, and a linked page cannot be deleted", async () => {
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/pages');
    await page.getByRole('heading', { name: 'Site navigation' }).waitFor();
    const website = page.getByRole('listitem', { name: 'Header links, link 4' });
    await website.getByLabel('Leads to').locator('option', { hasText: 'Page: Website' }).waitFor({
      state: 'attached',
    });
    await website.getByLabel('Label').fill('Websites');
    await website.getByRole('button', { name: "Move 'Websites' up" }).click();
    await page
      .getByRole('listitem', { name: 'Header links, link 9' })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByText('Navigation saved').first().waitFor();

    const { page: visitor } = await browser.newPage();
    await visitor.goto('/');
    const header = visitor.getByRole('navigation', { name: 'Services' });
    await header.getByRole('link', { name: 'Websites' }).waitFor();
    expect(await header.getByRole('link').allTextContents()).toEqual([
      'Social Media Management',
      'Marketing Materials',
      'Websites',
      'Content Creations',
      'Business Accelerator',
      'Branding',
      'SEO',
      'Meta Ads',
    ]);

    await page.reload();
    const row = page
      .locator('tr')
      .filter({ hasText: /^Website/ })
      .first();
    await row.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: /Delete/ }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: "'Website' is linked from the header's 'Websites' link." })
      .waitFor();
    expect((await fetch(`${server.url}/api/pages/website`)).status).toBe(200);
    expect(errors).toEqual([]);
  });
});
