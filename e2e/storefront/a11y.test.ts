import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Serious and critical axe-core violations, as 'rule: target' lines (empty when none). */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('axe-core finds no serious or critical violation', () => {
  it.each([
    ['/', 'We Make Noise.'],
    ['/services/seo', 'SEO FAQs'],
    ['/pages/website', 'Website.'],
  ])('on %s', async (path, heading) => {
    const { page } = await browser.newPage();
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
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

  it('a provider without keys is shown as unavailable, and its start page explains itself', async () => {
    const { page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    const google = page.getByRole('button', { name: /Continue with Google/ });
    await google.waitFor();
    expect(await google.isDisabled()).toBe(true);
    expect(await google.textContent()).toContain('(not available)');
    await page.goto('/api/auth/google');
    await page.getByRole('heading', { name: 'Google sign-in is not available yet' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: /^Back to / }).click();
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();
  });
});
