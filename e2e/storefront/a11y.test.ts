import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility.ts';
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

/** The footer loads as the reader nears it: scroll to the end and wait for it. */
async function withFooter(page: Page) {
  // Scrolled again until it shows: the page may still grow below (sections arriving) meanwhile.
  await expect
    .poll(
      async () => {
        await page.evaluate(() =>
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
        );
        return page.getByRole('contentinfo').count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
}

describe('axe-core finds no serious or critical violation', () => {
  it.each([
    ['/', 'We Make Noise.'],
    ['/services/seo', 'SEO FAQs'],
    ['/pages/website', 'Website.'],
    ['/terms-of-service', '6. Refunds'],
    ['/privacy-policy', '8. Your rights under the Australian Privacy Principles'],
  ])('on %s', async (path, heading) => {
    const { page } = await browser.newPage();
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    await withFooter(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('names the logo link with the word it shows, then where it leads (WCAG 2.5.3)', async () => {
    const { page } = await browser.newPage();
    await page.goto('/services/seo');
    const logos = page.getByRole('link', { name: 'noise. Make Noise Agency home', exact: true });
    await logos.first().waitFor();
    await withFooter(page);
    expect(await logos.count()).toBe(2);
    await logos.first().click();
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();
  });

  it('in the open sign-up modal (both views) and sign-in modal', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();
    await page.getByRole('button', { name: 'Join', exact: true }).first().click();
    await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await page.getByRole('button', { name: 'Continue with Email' }).click();
    await page.getByLabel('Confirm password').waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.getByRole('button', { name: 'Continue with Email/Username' }).waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  });

  it('a provider without keys is not offered, and its start page explains itself', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue with Email/Username' }).waitFor();
    expect(await dialog.getByRole('button', { name: /Continue with/ }).allTextContents()).toEqual([
      'Continue with Email/Username',
    ]);
    await page.goto('/api/auth/google');
    await page.getByRole('heading', { name: 'Google sign-in is not available yet' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /^Back to / }).click();
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();
  });
});
