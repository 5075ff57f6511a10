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
    // Only the provider with keys is offered; Apple and Facebook have none here.
    await dialog.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(
      await dialog.getByRole('button', { name: /Continue with (Apple|Facebook)/ }).count(),
    ).toBe(0);

    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Hello, Ada Lovelace' }).waitFor();

    // The provider sent the browser to /auth-success?code=… (a one-time code, never a token),
    // served without a referrer; the app exchanged the code for the token.
    expect(authSuccess).toHaveLength(1);
    expect(authSuccess[0]!.url).toMatch(/\/auth-success\?code=[\w-]+$/);
    expect(authSuccess[0]!.referrerPolicy).toBe('no-referrer');
    const code = new URL(authSuccess[0]!.url).searchParams.get('code')!;
    const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // Nothing of the sign-in is in the address bar or the session history.
    expect(page.url()).toBe(`${server.url}/dashboard`);
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
      expect(url).not.toContain(code);
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

  it('comes back to the page the sign-in was asked for, not the dashboard', async () => {
    const { page } = await browser.newPage();
    // Signed out, a customer page opens the sign-in modal on the way to it.
    await page.goto('/dashboard/profile');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${server.url}/dashboard/profile`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
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

  it('a link made by someone else signs nobody in: not a token in the address, not their code', async () => {
    // The attacker signs in to their own account, outside a browser, and keeps the live code
    // that /auth-success would have exchanged.
    const start = await fetch(`${server.url}/api/auth/google`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const back = await fetch(`${server.url}${callback.pathname}${callback.search}`, {
      headers: { cookie },
      redirect: 'manual',
    });
    const crafted = back.headers.get('location')!;
    expect(crafted).toMatch(/\/auth-success\?code=/);

    // The victim opens the crafted link: the code belongs to the attacker's browser.
    const victim = await browser.newPage();
    await victim.page.goto(new URL(crafted).pathname + new URL(crafted).search);
    await victim.page.getByText('opened in another browser').waitFor();
    expect(await victim.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(victim.page.url()).toBe(`${server.url}/auth-success`);

    // A raw token in the address, the old form of the link, is not taken either.
    const signedUp = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Mallory',
        lastName: 'Attacker',
        email: 'mallory@example.com',
        phoneNumber: '0412 345 678',
        password: 'a long attacker password',
      }),
    });
    const { token } = (await signedUp.json()) as { token: string };
    await victim.page.goto(`/auth-success?token=${token}`);
    await victim.page.getByText('This sign-in link is not valid').waitFor();
    expect(await victim.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(victim.page.url()).toBe(`${server.url}/auth-success`);
  });
});
