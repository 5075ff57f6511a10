import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, priceOrder, toCents } from '../../packages/shared/src/pricing.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ApiService {
  _id: string;
  title: string;
  packages: {
    _id: string;
    title: string;
    type: 'one-time' | 'weekly' | 'monthly';
    baseCost: number;
    recurringCost: number;
  }[];
  serviceExtras: { _id: string; title: string; price: number }[];
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(server.url + path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function openSignUpForm(page: Page) {
  await page.getByRole('button', { name: 'Join', exact: true }).first().click();
  await page.getByRole('button', { name: 'Continue with Email' }).click();
}

async function fillSignUp(
  page: Page,
  values: { email: string; phone: string; password: string; confirm: string },
) {
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Phone number').fill(values.phone);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm password').fill(values.confirm);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('home', () => {
  it('shows the headline, the 16-entry services map, Business Accelerator and the industries', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();
    const map = page.locator('#mind-map');
    await map.getByRole('link', { name: /Website Development/ }).waitFor();
    expect(await map.getByRole('link').count()).toBe(16);

    const industries = await getJson<{ title: string }[]>('/api/industries');
    expect(industries.length).toBeGreaterThan(0);
    const grid = page.locator('section', {
      has: page.getByRole('heading', { name: 'Search by Industry' }),
    });
    for (const industry of industries) {
      await grid.getByText(industry.title, { exact: true }).waitFor();
    }

    await page.getByRole('link', { name: 'Business Accelerator' }).first().click();
    await page.waitForURL('**/services/business-accelerator');
    await page.getByRole('heading', { level: 1, name: /Business Accelerator/ }).waitFor();
  });
});

describe('industries', () => {
  it('each tile opens a page about that industry, listing services for it', async () => {
    const industries = await getJson<{ title: string; link: string }[]>('/api/industries');
    const hospitality = industries.find((industry) => industry.title === 'Hospitality');
    expect(hospitality?.link).toBe('/pages/hospitality');
    const { page } = await browser.newPage();
    await page.goto('/');
    const grid = page.locator('section', {
      has: page.getByRole('heading', { name: 'Search by Industry' }),
    });
    await grid.getByRole('link', { name: 'Hospitality' }).click();
    await page.waitForURL('**/pages/hospitality');
    await page.getByRole('heading', { level: 1, name: 'Marketing for Hospitality.' }).waitFor();
    await page.getByRole('link', { name: /Digital Menu Boards/ }).click();
    await page.waitForURL('**/services/display-screens');

    for (const industry of industries) {
      const id = industry.link.replace(/^\/pages\//, '');
      const industryPage = await getJson<{ title: string }>(`/api/pages/${id}`);
      expect(industryPage.title).toContain(industry.title);
    }
  });
});

describe('search', () => {
  it('finds a misspelt service after the debounce, opens it by keyboard, closes and clears', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    const box = page.getByRole('combobox');
    await box.fill('grafic');
    const option = page.getByRole('option', { name: 'Graphic Design' });
    await option.waitFor();
    await box.press('Escape');
    await option.waitFor({ state: 'hidden' });

    await box.fill('');
    await box.fill('grafic');
    await option.waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL('**/services/graphic-design');
    await page.getByRole('heading', { level: 1, name: /Graphic Design/ }).waitFor();

    await page.goto('/');
    await box.fill('seo');
    await page.getByRole('option').first().waitFor();
    await box.fill('');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await page.getByRole('option').count()).toBe(0);
  });
});

describe('service page', () => {
  it('shows its sections in order under a Services > title breadcrumb, and its JSON-LD', async () => {
    const { page } = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto('/services/seo');
    await page.getByRole('heading', { name: 'SEO FAQs' }).waitFor();

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    await crumbs.last().filter({ hasText: 'SEO' }).waitFor();
    const texts = (await crumbs.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(texts.slice(-2)).toEqual(['Services', 'SEO']);

    const headings = (await page.locator('main h1, main h2').allInnerTexts()).map((t) => t.trim());
    const order = ['SEO.', 'Service Description', 'Packages', 'SEO FAQs'];
    const positions = order.map((h) => headings.indexOf(h));
    expect(
      positions.every((p) => p >= 0),
      headings.join(' | '),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await page
      .locator('main')
      .getByRole('link', { name: /Contact Us/ })
      .waitFor();

    const service = await getJson<ApiService>('/api/services/seo');
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(ld).toMatchObject({ '@type': 'Service', name: 'SEO' });
    expect(ld.offers).toHaveLength(service.packages.length);
    expect(ld.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'AUD' });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${server.url}/services/seo`,
    );
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('prices a package with two extras as priceOrder() does, and Continue opens sign-up for a visitor', async () => {
    const service = await getJson<ApiService>('/api/services/seo');
    const pkg = service.packages[0]!;
    const extras = service.serviceExtras.slice(0, 2);
    expect(extras).toHaveLength(2);
    const expected = priceOrder(
      {
        type: pkg.type,
        baseCostCents: toCents(pkg.baseCost),
        recurringCostCents: toCents(pkg.recurringCost),
      },
      extras.map((e) => toCents(e.price)),
    );

    const { page } = await browser.newPage();
    await page.goto('/services/seo');
    await page.getByRole('button', { name: `Choose ${pkg.title}` }).click();
    const panel = page.getByRole('dialog', { name: 'Order Options' });
    await panel.waitFor();
    for (const extra of extras) {
      // The box itself is visually hidden behind its styled label: click what a user clicks.
      await panel.getByText(extra.title, { exact: true }).click();
      expect(await panel.getByLabel(extra.title).isChecked()).toBe(true);
    }

    const line = (label: string) =>
      panel.locator('dl div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect
      .poll(() => line('Total (inc. GST)').innerText())
      .toBe(formatMoney(expected.grandTotalCents));
    expect(await line('GST').innerText()).toBe(formatMoney(expected.gstCents));
    expect(await line('Total (exc. GST)').innerText()).toBe(
      formatMoney(expected.grandTotalCents - expected.gstCents),
    );

    await panel.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog', { name: /Join the noise/ }).waitFor();
    await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
  });
});

describe('sign-up', () => {
  it('shows the validation messages and the server message for a taken email', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    await openSignUpForm(page);
    await fillSignUp(page, {
      email: 'grace@example.com',
      phone: '12345',
      password: 'cobol compiler',
      confirm: 'cobol compilers',
    });
    await page.getByText('Passwords do not match').waitFor();
    await page.getByText('Please enter a valid Australian phone number').waitFor();

    const taken = 'taken-e2e@example.com';
    const res = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'T',
        lastName: 'T',
        email: taken,
        phoneNumber: '0412345678',
        password: 'a long password',
      }),
    });
    const message = res.ok
      ? await (async () => {
          const again = await fetch(`${server.url}/api/auth/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              firstName: 'T',
              lastName: 'T',
              email: taken,
              phoneNumber: '0412345678',
              password: 'a long password',
            }),
          });
          return ((await again.json()) as { message: string }).message;
        })()
      : '';
    await page.getByLabel('Email').fill(taken);
    await page.getByLabel('Phone number').fill('0412 345 678');
    await page.getByLabel('Confirm password').fill('cobol compiler');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`Failed to sign up: ${message}`).waitFor();
  });

  it('signs up with an Australian mobile and lands on the dashboard', async () => {
    const { page } = await browser.newPage();
    await page.goto('/services/seo');
    await openSignUpForm(page);
    await fillSignUp(page, {
      email: 'grace-hopper@example.com',
      phone: '0412 345 678',
      password: 'cobol compiler',
      confirm: 'cobol compiler',
    });
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Hello, Grace Hopper' }).waitFor();
  });
});

describe('content page', () => {
  it('shows the title and the items, and an error for an unknown page', async () => {
    const data = await getJson<{ title: string; items: { title: string }[] }>('/api/pages/website');
    const { page } = await browser.newPage();
    await page.goto('/pages/website');
    await page.getByRole('heading', { level: 1, name: data.title }).waitFor();
    for (const item of data.items) {
      await page.getByRole('heading', { level: 2, name: item.title }).waitFor();
    }
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    await crumbs.last().filter({ hasText: data.title }).waitFor();

    await page.goto('/pages/no-such-page');
    await page.getByText(/^Error: /).waitFor();
  });
});

describe('breadcrumb', () => {
  it('names the section of a content page without linking to a page that does not exist', async () => {
    const { page } = await browser.newPage();
    await page.goto('/pages/website');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Website' }).waitFor();
    await crumbs.getByText('Pages', { exact: true }).waitFor();
    expect(await crumbs.getByRole('link', { name: 'Pages' }).count()).toBe(0);
    const hrefs = await crumbs
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/', '/pages/website']);

    // On a service page the section has a place of its own: the home page's services map.
    await page.goto('/services/seo');
    await crumbs.getByRole('link', { name: 'Services' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#mind-map');
  });
});

describe('terms of service and privacy policy', () => {
  it.each([
    [
      '/terms-of-service',
      'Terms of Service',
      [
        '1. Who we are',
        '2. Our services',
        '4. Prices, payment and GST',
        '6. Refunds',
        '7. Intellectual property',
        '8. Liability',
      ],
    ],
    [
      '/privacy-policy',
      'Privacy Policy',
      [
        '1. Who we are',
        '2. What we collect',
        '3. Why we use it',
        '5. How long we keep it',
        '8. Your rights under the Australian Privacy Principles',
      ],
    ],
  ])('%s sets out each section', async (path, title, sections) => {
    const { page } = await browser.newPage({ width: 375 });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: title, exact: true }).waitFor();
    for (const heading of sections) {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    }
    expect(await page.getByText('We are putting the full').count()).toBe(0);
    await page.getByText('Make Noise Agency (‘we’, ‘us’, ‘our’) is an Australian').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

describe('mobile menu at 375 px', () => {
  it('reaches every navigation entry', async () => {
    const { headerNavigation, navigationHref } =
      await import('../../packages/shared/src/navigation.ts');
    const { page } = await browser.newPage({ width: 375 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();
    for (const entry of headerNavigation) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog');
      await menu.getByRole('link', { name: entry.label, exact: true }).click();
      await page.waitForURL(`**${navigationHref(entry)}`);
      await menu.waitFor({ state: 'hidden' });
    }
  });
});
