import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { sharedServer, type RunningServer } from '../support/server.ts';
import { staffToken, uniqueSuffix } from '../checkout/helpers.ts';
import { coordinatorWithToken } from './sales-helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let admin: string;

beforeAll(async () => {
  server = sharedServer();
  browser = await launchBrowser(server.url);
  admin = await staffToken(server);
});
afterAll(async () => {
  await browser?.close();
});

/** What an integration gets when it calls `path` with the key. */
async function statusWith(key: string, path: string): Promise<number> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return res.status;
}

describe('staff: API keys', () => {
  it('an admin creates a key, sees it once, an integration uses it, and one click revokes it', async () => {
    const name = `CRM sync ${uniqueSuffix()}`;
    const { page } = await browser.newPage({ token: admin });
    await page.goto('/wkm-dashboard/webhooks');
    await page.getByRole('heading', { name: 'Webhooks and API keys', exact: true }).waitFor();
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByRole('button', { name: 'Create API key' }).click();
    await form.getByText('Give the key a name').waitFor();
    await form.getByText('Choose at least one permission').waitFor();
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: /sales:manage/ }).click();
    await form.getByRole('button', { name: 'Create API key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^nk_live_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    // Listed by its name and prefix; the key itself is not on the page any more.
    const row = section.getByRole('listitem').filter({ hasText: name }).first();
    await row.getByText(`${key.slice(0, 14)}…`).waitFor();
    expect(await page.content()).not.toContain(key);

    // The integration: its permission's route answers, another's does not.
    expect(await statusWith(key, '/api/projects-all')).toBe(200);
    expect(await statusWith(key, '/api/webhooks')).toBe(403);
    await page.reload();
    await row.getByText(/Last used/).waitFor();

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByText(`API key '${name}' revoked`).waitFor();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await statusWith(key, '/api/projects-all')).toBe(401);
  });

  it('a co-ordinator makes a key on their account page, with their own permissions only', async () => {
    const coordinator = await coordinatorWithToken(server, admin, 'Keyholder');
    const { page } = await browser.newPage({ token: coordinator.token });
    await page.goto('/wkm-dashboard/account');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('No API keys yet').waitFor();
    await section.getByRole('button', { name: 'Create API key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    expect(await form.getByRole('checkbox').count()).toBe(3);
    expect(await form.getByRole('checkbox', { name: /webhooks:manage/ }).count()).toBe(0);
    await form.getByLabel('Name').fill('My sheet');
    await form.getByRole('checkbox', { name: /sales:manage/ }).click();
    await form.getByRole('button', { name: 'Create API key' }).click();
    const key = await page
      .getByRole('dialog', { name: 'Your new API key' })
      .getByLabel('API key')
      .inputValue();
    // A co-ordinator's key sees what the co-ordinator sees, and never the admin screens.
    expect(await statusWith(key, '/api/projects-all')).toBe(200);
    expect(await statusWith(key, '/api/api-keys')).toBe(403);
  });
});
