import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { apiSignUp, apiStaffLogin } from '../support/api.ts';
import type { RunningServer } from '../support/server.ts';

export const fixture = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/fixtures', name);

export const uniqueSuffix = () => Math.random().toString(36).slice(2, 8);

export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0025 0000 3155',
} as const;

export async function api<T>(
  server: RunningServer,
  method: string,
  urlPath: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined || body instanceof FormData
        ? {}
        : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const apiGet = <T>(server: RunningServer, urlPath: string, token: string) =>
  api<T>(server, 'GET', urlPath, token);
export const apiPost = <T>(server: RunningServer, urlPath: string, token: string, body: unknown) =>
  api<T>(server, 'POST', urlPath, token, body);
export const apiPut = <T>(server: RunningServer, urlPath: string, token: string, body: unknown) =>
  api<T>(server, 'PUT', urlPath, token, body);

export function staffToken(server: RunningServer): Promise<string> {
  return apiStaffLogin(server.url, server.adminEmail, server.adminPassword);
}

/** The demo data has no co-ordinator; the super-admin adds one (multipart, like the staff form). */
export async function createCoordinator(
  server: RunningServer,
  staff: string,
): Promise<{ _id: string; name: string }> {
  const suffix = uniqueSuffix();
  const form = new FormData();
  form.append('email', `coordinator-${suffix}@example.com`);
  form.append('role', 'co-ordinator');
  form.append('profile[firstName]', 'Cora');
  form.append('profile[lastName]', `Ordin ${suffix}`);
  const user = await api<{ _id: string }>(server, 'POST', '/api/users/site-users', staff, form);
  return { _id: user._id, name: `Cora Ordin ${suffix}` };
}

export async function signUpCustomer(
  server: RunningServer,
  firstName = 'Ada',
  lastName = 'Lovelace',
): Promise<{ token: string; userId: string; email: string }> {
  const email = `customer-${uniqueSuffix()}@example.com`;
  const token = await apiSignUp(server.url, { firstName, lastName, email });
  const user = await apiGet<{ _id: string }>(server, '/api/auth/user', token);
  return { token, userId: user._id, email };
}

/**
 * On a service page: the package's tab, 'Choose', and the Order Options panel it opens. The
 * choice is made again if the panel has not opened after a while: on a loaded machine a click
 * made while the page was still settling was once seen to open nothing (a CI run), and the test
 * is about what follows, not about that click.
 */
export async function openOrderOptions(page: Page, packageTitle: string) {
  const panel = page.getByRole('dialog', { name: 'Order Options' });
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('tab', { name: packageTitle }).click();
    await page.getByRole('button', { name: `Choose ${packageTitle}` }).click();
    try {
      await panel.waitFor({ timeout: 10_000 });
      return panel;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** From a service page: choose a package and extras in Order Options, continue to /payment. */
export async function orderFromServicePage(
  page: Page,
  serviceId: string,
  packageTitle: string,
  extras: string[],
) {
  await page.goto(`/services/${serviceId}`);
  const panel = await openOrderOptions(page, packageTitle);
  for (const extra of extras) await panel.getByText(extra, { exact: true }).click();
  await panel.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/payment');
}

/** The left side of /payment and /custom-quote/{id}. */
export async function fillCheckout(
  page: Page,
  options: { coordinator: string; companyName?: string; card: string },
) {
  await page
    .getByLabel(/^Who was your .+ coordinator\?$/)
    .selectOption({ label: options.coordinator });
  if (options.companyName !== undefined) {
    await page.getByLabel('Company name').fill(options.companyName);
  }
  await fillCard(page, options.card);
}

/** 'Accept and sign' on a proposal's page (docs/product.md#proposal-page), then on to paying it. */
export async function acceptProposal(page: Page, fullName: string) {
  await page.getByRole('heading', { name: 'Accept and sign' }).waitFor();
  await page.getByLabel('Your full name').fill(fullName);
  await page.getByLabel('I have read this proposal and agree to its terms.').check();
  await page.getByRole('button', { name: 'Accept and sign' }).click();
  await page.getByRole('heading', { name: 'Confirm & Pay' }).waitFor();
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
}

/** '05 Mar, 2024' as the web app shows dates (docs/product.md#formats-and-layout-constants). */
export function displayDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
}
