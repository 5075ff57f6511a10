import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signUpCustomer, staffToken, uniqueSuffix } from '../checkout/helpers.ts';
import { coordinatorWithToken, payServiceOrder } from './sales-helpers.ts';

let server: RunningServer;
let browser: TestBrowser;
let admin: string;

/** The agency's other tool: a local endpoint that keeps what it is sent. */
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.end('ok');
  });
});

beforeAll(async () => {
  // A server of its own: its job runner takes one job at a time, oldest first, and on the shared
  // server a resend could wait behind every other file's receipts.
  server = await startServer();
  browser = await launchBrowser(server.url);
  admin = await staffToken(server);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('staff: webhooks', () => {
  it('an admin adds an endpoint, copies its secret, and sees a paid order delivered, signed', async () => {
    const path = `/hooks-${uniqueSuffix()}`;
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
    const { page } = await browser.newPage({ token: admin });
    await page.goto('/wkm-dashboard/webhooks');
    await page.getByRole('heading', { name: 'Webhooks and API keys', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await form.getByText('Enter the full address of your endpoint').waitFor();
    await form.getByText('Choose at least one event').waitFor();
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Description').fill('Our CRM');
    await form.getByRole('checkbox', { name: /order\.paid/ }).click();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('region', { name: url });
    await card.getByText('order.paid').waitFor();
    await card.getByText('On', { exact: true }).waitFor();

    // A sale: the endpoint hears of it, signed with the secret shown once.
    const coordinator = await coordinatorWithToken(server, admin, 'Hook');
    const customer = await signUpCustomer(server, 'Wendy', 'Webhook');
    await payServiceOrder(server, customer, {
      serviceId: 'seo',
      packageTitle: 'Local SEO',
      coordinatorId: coordinator._id,
      companyName: 'Hooked Bakery',
    });
    // The shared server's job runner sends it, after the other files' receipts and mails.
    const message = await vi.waitFor(
      () => {
        const found = received.find((r) => r.body.includes(customer.email));
        if (!found) throw new Error('not delivered yet');
        return found;
      },
      { timeout: 45_000, interval: 100 },
    );
    const event = new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    }) as { type: string; data: { customerEmail: string; amountCents: number } };
    expect(event).toMatchObject({
      type: 'order.paid',
      data: { customerEmail: customer.email, amountCents: 180_950 },
    });

    await page.reload();
    await card.getByRole('button', { name: 'Recent deliveries' }).click();
    const deliveries = card.getByRole('list', { name: `Deliveries to ${url}` });
    await deliveries.getByText('Delivered').first().waitFor();
    await deliveries
      .getByRole('button', { name: /Resend/ })
      .first()
      .click();
    await page.getByText('Delivery queued again').waitFor();
    await vi.waitFor(
      () => {
        const again = received.filter(
          (r) => r.headers['webhook-id'] === message.headers['webhook-id'],
        );
        if (again.length < 2) throw new Error('not resent yet');
      },
      // Behind this file's own receipts only (each with its PDF), on a busy machine.
      { timeout: 60_000, interval: 100 },
    );

    // Turned off, it says so; removed, it is gone.
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByText('Turned off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Endpoint removed').waitFor();
    expect(await page.getByRole('region', { name: url }).count()).toBe(0);
    // Two waits on the shared job runner, which may be busy with the other files' mail.
  }, 150_000);

  it('is not offered to a co-ordinator', async () => {
    const coordinator = await coordinatorWithToken(server, admin, 'Nohook');
    const { page } = await browser.newPage({ token: coordinator.token });
    await page.goto('/wkm-dashboard/webhooks');
    await page.getByText('You do not have access to this page').waitFor();
    expect(await page.getByRole('link', { name: 'API & Webhooks' }).count()).toBe(0);
  });
});
