import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

// A local OpenID provider in Google's place; the server under test discovers it like Google.
const issuer = new OAuth2Server();
let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  issuer.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: 'google-e2e-ada',
      email: 'ada.oauth@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });
  server = await startServer({
    GOOGLE_CLIENT_ID: 'e2e-google-client',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    GOOGLE_ISSUER: issuer.issuer.url!,
  });
  browser = await launchBrowser(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await issuer.stop();
});

describe('Google sign-in', () => {
  it('signs a new customer in from the sign-in modal and keeps the token out of the address bar and history', async () => {
    const { page } = await browser.newPage();
    const authSuccess: { url: string; referrerPolicy: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/auth-success') {
        authSuccess.push({
          url: response.url(),
          referrerPolicy: response.headers()['referrer-policy'],
        });
      }
    });

    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    // Providers without keys are shown, disabled, as not available.
    await expect(
      dialog.getByRole('button', { name: 'Continue with Apple (not available)' }).isDisabled(),
    ).resolves.toBe(true);
    await expect(
      dialog.getByRole('button', { name: 'Continue with Facebook (not available)' }).isDisabled(),
    ).resolves.toBe(true);

    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Hello, Ada Lovelace' }).waitFor();

    // The provider sent the browser to /auth-success?token=…, served without a referrer.
    expect(authSuccess).toHaveLength(1);
    expect(authSuccess[0]!.url).toMatch(/\/auth-success\?token=[\w.-]+$/);
    expect(authSuccess[0]!.referrerPolicy).toBe('no-referrer');
    const token = new URL(authSuccess[0]!.url).searchParams.get('token')!;

    // The token is stored for the app, and nowhere in the address bar or the session history.
    expect(page.url()).toBe(`${server.url}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);
    // Every entry of the tab's session history, read from the browser (walking back with
    // goBack crossed to the provider's origin and sometimes lost the page): none is
    // /auth-success or carries the token.
    const cdp = await page.context().newCDPSession(page);
    const history = await cdp.send('Page.getNavigationHistory');
    const visited = history.entries.map((entry) => entry.url);
    expect(visited.at(-1)).toBe(`${server.url}/dashboard`);
    expect(visited.length).toBeGreaterThan(1);
    expect(visited).toContain(`${server.url}/`);
    for (const url of visited) {
      expect(url).not.toContain('auth-success');
      expect(url).not.toContain(token);
    }

    // The account is an OAuth customer of its own.
    const me = await fetch(`${server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await me.json()).toMatchObject({
      email: 'ada.oauth@example.com',
      role: 'client',
      isOAuth: true,
    });
  });

  it('refuses a callback whose state was changed on the way, and signs nobody in', async () => {
    issuer.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
      redirect.url.searchParams.set('state', 'forged-state-forged-state-forged-state-00');
    });
    const { page } = await browser.newPage();
    await page.goto('/');
    const response = await page.goto('/api/auth/google');
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).pathname).toBe('/api/auth/google/callback');
    await page.getByRole('heading', { name: 'This sign-in link is no longer valid' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await page.getByRole('link', { name: /^Back to / }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
  });
});
