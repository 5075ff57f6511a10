import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

// Every provider has keys, so the modals offer all four choices. Nothing here follows a provider:
// the keys are only read when a sign-in starts.
let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer({
    GOOGLE_CLIENT_ID: 'e2e-google-client',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    FACEBOOK_APP_ID: 'e2e-facebook-app',
    FACEBOOK_APP_SECRET: 'e2e-facebook-secret',
    APPLE_CLIENT_ID: 'e2e.apple.client',
    APPLE_TEAM_ID: 'E2ETEAM',
    APPLE_KEY_ID: 'E2EKEY',
    APPLE_PRIVATE_KEY: 'not read unless an Apple sign-in starts',
  });
  browser = await launchBrowser(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x + 0.5 ||
  b.x + b.width <= a.x + 0.5 ||
  a.y + a.height <= b.y + 0.5 ||
  b.y + b.height <= a.y + 0.5;

/** Each choice sits inside the dialog, and its icon beside its words rather than on them. */
async function expectChoicesFit(page: Page, labels: string[]) {
  const dialog = page.getByRole('dialog');
  // Measured once the dialog has finished growing in.
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  const choices = dialog.getByRole('button', { name: /^Continue with/ });
  expect(await choices.allTextContents()).toEqual(labels);
  const dialogBox = await boxOf(dialog);
  for (const label of labels) {
    const button = dialog.getByRole('button', { name: label, exact: true });
    const buttonBox = await boxOf(button);
    expect(inside(buttonBox, dialogBox), `${label} inside the dialog`).toBe(true);
    const icon = await boxOf(button.locator('svg').first());
    // The words as drawn, whatever element holds them.
    const words = await button.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      const texts: Node[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent?.trim()) texts.push(node);
      }
      range.setStartBefore(texts[0]!);
      range.setEndAfter(texts[texts.length - 1]!);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    });
    expect(inside(icon, buttonBox), `${label} icon inside its button`).toBe(true);
    expect(inside(words, buttonBox), `${label} words inside their button`).toBe(true);
    expect(apart(icon, words), `${label} icon clear of its words`).toBe(true);
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe('the sign-up and sign-in modals with every provider', () => {
  it.each([375, 1280])('fit their choices at %i px', async (width) => {
    const { page } = await browser.newPage({ width });
    await page.goto('/');
    await page.getByRole('heading', { name: 'We Make Noise.' }).waitFor();

    await page.getByRole('button', { name: 'Join', exact: true }).first().click();
    await page.getByRole('button', { name: 'Continue with Facebook' }).waitFor();
    await expectChoicesFit(page, [
      'Continue with Google',
      'Continue with Email',
      'Continue with Apple',
      'Continue with Facebook',
    ]);

    await page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Continue with Email/Username' }).waitFor();
    await expectChoicesFit(page, [
      'Continue with Google',
      'Continue with Email/Username',
      'Continue with Apple',
      'Continue with Facebook',
    ]);
  });
});
