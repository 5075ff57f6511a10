import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { freePort, startServer, type RunningServer } from '../support/server.ts';

interface ReceivedMail {
  to: string[];
  raw: string;
}

// A local SMTP server: the server under test sends its reset mail here.
const inbox: ReceivedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  browser = await launchBrowser(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft breaks and escapes. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The first mail to `address` that has `containing`, waited for (the server sends it after
 * answering); a new account's first mail confirms its address.
 */
async function mailTo(address: string, containing = ''): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = inbox.find((m) => m.to.includes(address) && decoded(m.raw).includes(containing));
    if (mail) return decoded(mail.raw);
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('password reset', () => {
  it('from the sign-in modal to a new password; the link works once and older tokens stop', async () => {
    const email = 'forgetful@example.com';
    const oldToken = await apiSignUp(server.url, {
      firstName: 'Forgetful',
      lastName: 'Customer',
      email,
      password: 'the old password',
    });

    const { page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByRole('button', { name: 'Continue with Email/Username' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sameForEveryone =
      'If an account exists for that email, we have sent a link to reset the password.';
    await page.getByText(sameForEveryone).waitFor();

    // An unknown address gets the very same answer.
    const unknown = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ message: sameForEveryone });

    const mail = await mailTo(email, '/reset-password?token=');
    const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail)?.[1];
    // Built from PUBLIC_URL, not from whatever Host the request carried.
    expect(link?.startsWith(`${server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password.' }).waitFor();
    // The token leaves the address bar.
    await page.waitForURL(`${server.url}/reset-password`);

    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Confirm new password').fill('a different password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Confirm new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed. You can sign in with it now.').waitFor();

    // The token from before the reset is refused.
    const before = await fetch(`${server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(before.status).toBe(401);

    // Sign in with the new password from the success page's link.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Continue with Email/Username' }).click();
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a brand new password');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Hello, Forgetful Customer' }).waitFor();

    // The mailed link works once.
    const { page: again } = await browser.newPage();
    await again.goto(link!);
    await again.getByLabel('New password', { exact: true }).fill('yet another password');
    await again.getByLabel('Confirm new password').fill('yet another password');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again
      .getByText('This reset link is invalid or has expired. Please ask for a new one.')
      .waitFor();
    await again.getByRole('link', { name: 'Ask for a new reset link' }).click();
    await again.waitForURL(`${server.url}/forgot-password`);
  });

  it('the staff login links to the same page', async () => {
    const { page } = await browser.newPage();
    await page.goto('/wkm-login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  });
});
