import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignUp, apiStaffLogin } from '../support/api.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { apiGet, collectPageErrors, pngFile } from './helpers.ts';

interface UserDto {
  _id: string;
  email: string;
  role: string;
  profile: {
    firstName: string;
    lastName: string;
    displayName: string;
    companyName: string;
    profilePhotoURL: string;
  };
}

let server: RunningServer;
let browser: TestBrowser;
let token: string;
let adminName: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(server.url);
  token = await apiStaffLogin(server.url, server.adminEmail, server.adminPassword);
  const me = await apiGet<UserDto>(server.url, '/api/auth/user', token);
  adminName =
    me.profile.displayName || `${me.profile.firstName} ${me.profile.lastName}`.trim() || me.email;
  await apiSignUp(server.url, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    phoneNumber: '0498 765 432',
  });
  await apiSignUp(server.url, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: '0411 222 333',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('staff: customers', () => {
  it('finds a customer by phone digits and by name, edits them and adds a note', async () => {
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/customers');
    await page.getByRole('heading', { name: 'Customers', exact: true }).waitFor();
    const rows = page.locator('tbody tr');
    await rows.filter({ hasText: 'Ada Lovelace' }).waitFor();

    const search = page.getByPlaceholder('Search customers...');
    await search.fill('98765');
    await rows.filter({ hasText: 'Ada Lovelace' }).waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Grace Hopper' }).waitFor();
    expect(await rows.count()).toBe(1);

    await search.fill('grace hop');
    await rows.filter({ hasText: 'Grace Hopper' }).waitFor();
    await search.fill('nobody at all');
    await page.getByText('No customers match "nobody at all".').waitFor();
    await search.fill('GRACE');
    const grace = rows.filter({ hasText: 'Grace Hopper' });
    await grace.waitFor();

    await grace.getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL(/\/wkm-dashboard\/customers\/edit\/[^/]+$/);
    await page.getByRole('heading', { name: 'Edit Customer' }).waitFor();
    await page.getByText('No card on file').waitFor();
    await page.getByText('No projects yet').waitFor();
    const editUrl = page.url();

    await page.getByLabel('Company Name').fill('Navy Labs');
    await page.getByLabel('Contact Number').fill('0498 765 432');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.waitForURL(/\/wkm-dashboard\/customers$/);
    await rows.filter({ hasText: 'Navy Labs' }).waitFor();

    await page.goto(editUrl);
    await page.getByRole('heading', { name: 'Internal Notes' }).waitFor();
    expect(await page.getByLabel('Company Name').inputValue()).toBe('Navy Labs');
    await page.getByPlaceholder('Add a new note...').fill('Call back on Monday about the launch.');
    await page.getByRole('button', { name: 'Save Note' }).click();
    const note = page
      .getByRole('list', { name: 'Internal notes' })
      .getByRole('listitem')
      .filter({ hasText: 'Call back on Monday about the launch.' });
    await note.waitFor();
    expect(await note.textContent()).toContain(adminName);
    await expect.poll(() => page.getByPlaceholder('Add a new note...').inputValue()).toBe('');
    await page
      .getByRole('list', { name: 'Activity' })
      .getByText('Added an internal note')
      .waitFor();
    expect(errors).toEqual([]);
  });
});

describe('staff: site users', () => {
  it('creates a co-ordinator with a profile photo who can then sign in', async () => {
    const { page } = await browser.newPage({ token });
    const errors = collectPageErrors(page);
    await page.goto('/wkm-dashboard/site-users');
    await page.getByRole('heading', { name: 'Site Users' }).waitFor();
    await page.getByRole('link', { name: 'Add New User' }).click();
    await page.waitForURL(/\/site-users\/new$/);
    await page.getByRole('heading', { name: 'Add New User' }).waitFor();

    // The role is required before anything is sent.
    await page.getByLabel('Email Address').fill('cora@example.com');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('Please choose a role').waitFor();

    await page.getByLabel('First Name').fill('Cora');
    await page.getByLabel('Last Name').fill('Dinator');
    const role = page.getByLabel('Role');
    expect(await role.locator('option').allTextContents()).toEqual([
      'Select Role',
      'Super Administrator',
      'Administrator',
      'Co-ordinator',
      'User',
    ]);
    await role.selectOption({ label: 'Co-ordinator' });
    await page.getByLabel('Display Name').fill('Cora Dinator');
    await page.getByLabel('Contact Number').fill('0400 000 111');
    await page.getByLabel('Bio Information').fill('Looks after our podcast clients.');
    await page.getByLabel('Profile Photo', { exact: true }).setInputFiles(pngFile('cora.png'));
    await page.getByAltText('Profile Photo preview').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('coordinator secret');
    await page.getByRole('button', { name: 'Add User' }).click();

    await page.waitForURL(/\/wkm-dashboard\/site-users$/);
    const row = page.locator('tbody tr').filter({ hasText: 'Cora Dinator' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Co-ordinator');

    const users = await apiGet<UserDto[]>(server.url, '/api/users/site-users', token);
    const cora = users.find((u) => u.email === 'cora@example.com');
    expect(cora?.role).toBe('co-ordinator');
    expect(cora?.profile.profilePhotoURL).toMatch(/^\/uploads\//);
    const photo = await fetch(`${server.url}${cora!.profile.profilePhotoURL}`);
    expect(photo.status).toBe(200);

    const fresh = await browser.newPage();
    await fresh.page.goto('/wkm-login');
    await fresh.page.getByLabel('Username or Email Address').fill('cora@example.com');
    await fresh.page.getByLabel('Password', { exact: true }).fill('coordinator secret');
    await fresh.page.getByRole('button', { name: 'Login' }).click();
    // A co-ordinator starts from their own work; the Dashboard greets them by name.
    await fresh.page.waitForURL(/\/wkm-dashboard\/my-work$/);
    await fresh.page.getByRole('heading', { name: 'My Work' }).waitFor();
    const nav = fresh.page.getByRole('navigation', { name: 'Dashboard' }).first();
    await nav.getByRole('link', { name: 'Customers' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Services' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await fresh.page.getByText('Welcome, Cora Dinator').waitFor();
    expect(errors).toEqual([]);
  });

  it("shows the server's message when staff try to delete themselves", async () => {
    const { page } = await browser.newPage({ token });
    await page.goto('/wkm-dashboard/site-users');
    const me = page.locator('tbody tr').filter({ hasText: server.adminEmail });
    await me.getByText('You', { exact: true }).waitFor();
    await me.getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await dialog.getByRole('alert').getByText('You cannot delete your own account').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await me.waitFor();
  });
});
