import { newIdempotencyKey } from '@noise/shared/payments';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  webhookEventTypes,
  webhookPayloadSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@noise/shared/webhooks';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import { multipart } from '../../test/multipart.ts';
import { form, sendForm } from '../../test/catalogue-admin-helpers.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../../test/order-factories.ts';
import { createWebhookDeliveryHandler, WEBHOOK_RETRY_DELAYS_MS } from './deliver-webhook.ts';
import { mailAdminsAboutDisabledEndpoint } from './mail-admins.ts';
import { checkWebhookAddress, sendWebhook } from './send-webhook.ts';

const { app, config } = await createTestApp();
const { user: cora, token: coraToken } = await coordinator(app);
const admin = await createUser(app, { role: 'admin' });
const fixture = await createServiceToOrder(app, {
  packages: [{ title: 'Audit', type: 'one-time', baseCostCents: 50_000 }],
  extras: [],
});

/** A local receiver: what it was sent, and how it answers next. */
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
/** Every body the receiver got, over all the tests: each is checked against its documentation. */
const everyBody: string[] = [];
let answer: (res: ServerResponse) => void = (res) => res.end('ok');
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    everyBody.push(Buffer.concat(chunks).toString('utf8'));
    answer(res);
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function addEndpoint(events: string[], token = admin.token) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(token),
    payload: { url: receiverUrl, events, description: 'Our CRM' },
  });
}

async function deliveries(endpointId: string): Promise<WebhookDelivery[]> {
  const res = await app.inject({
    url: `/api/webhooks/${endpointId}/deliveries`,
    headers: bearer(admin.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function buy() {
  const customer = await createUser(app);
  const res = await pay(app, customer.token, orderBody(fixture, { coordinatorId: cora.id }));
  expect(res.statusCode, res.body).toBe(200);
  return { customer, projectId: res.json().projectId as string };
}

/**
 * IPv6 forms of loopback, private and metadata IPv4 addresses, and other ranges that are not the
 * public internet: each reaches the address inside it (or a local network), never a CRM.
 */
const EMBEDDED_INNER = [
  // IPv4-compatible (::/96): 127.0.0.1, written both ways, 10.0.0.1, 169.254.169.254.
  '::127.0.0.1',
  '::7f00:1',
  '::a00:1',
  '::a9fe:a9fe',
  // IPv4-mapped (::ffff:0:0/96) and its translated form (::ffff:0:0:0/96).
  '::ffff:7f00:1',
  '::ffff:0:a9fe:a9fe',
  // NAT64, well-known (64:ff9b::/96) and local-use (64:ff9b:1::/48).
  '64:ff9b::7f00:1',
  '64:ff9b::169.254.169.254',
  '64:ff9b:1::a00:1',
  // 6to4 (2002::/16): the IPv4 address is in bits 16 to 48.
  '2002:7f00:1::1',
  '2002:a9fe:a9fe::',
  // Teredo, unspecified, and addresses outside the global unicast 2000::/3.
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '::',
  '::1:2:3:4',
  '4000::1',
];

describe('webhooks', () => {
  it('deliver order.paid signed as Standard Webhooks says, once the order is saved', async () => {
    const made = await addEndpoint(['order.paid']);
    expect(made.statusCode, made.body).toBe(201);
    const endpoint = made.json<WebhookEndpointWithSecret>();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    // The secret is shown once: the list never carries it.
    const listed = await app.inject({ url: '/api/webhooks', headers: bearer(admin.token) });
    expect(listed.body).not.toContain(endpoint.secret!);

    received.length = 0;
    const { customer, projectId } = await buy();
    await app.jobRunner.runDueJobs();
    expect(received).toHaveLength(1);
    const [message] = received;
    const verified = new Webhook(endpoint.secret!).verify(message!.body, {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    }) as { type: string; version: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({
      type: 'order.paid',
      version: '2026-11-26',
      data: {
        projectId,
        customerEmail: customer.user.email,
        paymentKind: 'order',
        amountCents: 55_000,
        gstCents: 5_000,
        currency: 'AUD',
      },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(message!.body, {
        'webhook-id': String(message!.headers['webhook-id']),
        'webhook-timestamp': String(message!.headers['webhook-timestamp']),
        'webhook-signature': String(message!.headers['webhook-signature']),
      }),
    ).toThrow();
    const [delivery] = await deliveries(endpoint._id);
    expect(delivery).toMatchObject({ eventType: 'order.paid', status: 'succeeded', attempts: 1 });
    expect(delivery!.lastStatusCode).toBe(200);
  });

  it('tell of a refund, naming the order, its service and its package', async () => {
    await addEndpoint(['order.refunded']);
    const { projectId } = await buy();
    const [payment] = (
      await app.inject({ url: `/api/projects/${projectId}/payments`, headers: bearer(admin.token) })
    ).json<{ _id: string }[]>();
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/payments/${payment!._id}/refunds`,
      headers: bearer(admin.token),
      payload: { amount: '55', reason: 'duplicate', idempotencyKey: newIdempotencyKey() },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    received.length = 0;
    await vi.waitFor(
      async () => {
        await app.jobRunner.runDueJobs();
        expect(received.map((r) => JSON.parse(r.body).type as string)).toContain('order.refunded');
      },
      { timeout: 10_000 },
    );
    const event = received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .find((e) => e.type === 'order.refunded')!;
    expect(event.data).toMatchObject({
      projectId,
      service: fixture.service.title,
      package: 'Audit',
      amountCents: 5_500,
    });
  });

  it('retry a delivery the endpoint missed, with the same id, and disable an endpoint that stays down', async () => {
    const endpoint = (await addEndpoint(['order.paid'])).json<WebhookEndpointWithSecret>();
    // Down: every answer is a 500 (with a large body, of which only the start is read).
    answer = (res) => {
      res.statusCode = 500;
      res.end('x'.repeat(10 * 1024 * 1024));
    };
    received.length = 0;
    await buy();
    await app.jobRunner.runDueJobs();
    const [first] = await deliveries(endpoint._id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(first!.lastError.length).toBeLessThan(300);

    // A minute later it is back: the next try (the job's, run here on a clock a minute on) gets
    // through with the same message id.
    answer = (res) => res.end('ok');
    let clock = new Date(Date.now() + 60_000);
    const disabled: string[] = [];
    const handler = createWebhookDeliveryHandler({
      repos: testRepositories(app),
      allowPrivate: true,
      now: () => clock,
      onDisabled: async (e) => {
        disabled.push(e.id);
        await mailAdminsAboutDisabledEndpoint(testRepositories(app), config)(e);
      },
    });
    await handler({ deliveryId: first!._id }, undefined as never);
    const [second] = await deliveries(endpoint._id);
    expect(second).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 });
    const ids = received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);

    // Down for good: after the last try of the schedule, the delivery fails and the endpoint is
    // turned off, and the admins are told.
    answer = (res) => {
      res.statusCode = 503;
      res.end();
    };
    await buy();
    await app.jobRunner.runDueJobs();
    const [latest] = await deliveries(endpoint._id);
    let tries = 1;
    for (; tries <= WEBHOOK_RETRY_DELAYS_MS.length; tries++) {
      clock = new Date(clock.getTime() + WEBHOOK_RETRY_DELAYS_MS[tries - 1]!);
      await handler({ deliveryId: latest!._id }, undefined as never).catch(() => {});
    }
    const [dead] = await deliveries(endpoint._id);
    expect(dead).toMatchObject({ status: 'failed', attempts: WEBHOOK_RETRY_DELAYS_MS.length + 1 });
    expect(disabled).toEqual([endpoint._id]);
    const list = (await app.inject({ url: '/api/webhooks', headers: bearer(admin.token) })).json<
      WebhookEndpoint[]
    >();
    expect(list.find((e) => e._id === endpoint._id)!.disabledReason).toContain('answered 503');
    const mail = await outboxMail(
      app,
      config.dataDir,
      admin.user.email,
      'Webhook endpoint turned off',
    );
    expect(mail.text).toContain(receiverUrl);

    // Resend is refused while it is off; on again, the delivery goes.
    const resend = () =>
      app.inject({
        method: 'POST',
        url: `/api/webhooks/deliveries/${dead!._id}/resend`,
        headers: bearer(admin.token),
      });
    expect((await resend()).statusCode).toBe(409);
    answer = (res) => res.end('ok');
    const on = await app.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint._id}/enabled`,
      headers: bearer(admin.token),
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    await app.jobRunner.runDueJobs();
    expect((await deliveries(endpoint._id))[0]).toMatchObject({ status: 'succeeded' });
  });

  it('tell of messages on a project, and never of the team’s internal notes', async () => {
    const endpoint = (await addEndpoint(['message.created'])).json<WebhookEndpointWithSecret>();
    const { customer, projectId } = await buy();
    received.length = 0;
    const post = (token: string, fields: Record<string, string>) =>
      sendForm(app, token, 'POST', `/api/projects/${projectId}/messages`, form(fields, []));
    expect(
      (await post(coraToken, { text: 'Secret margin note', internal: 'true' })).statusCode,
    ).toBe(201);
    expect((await post(coraToken, { text: 'Your brief is in, thanks!' })).statusCode).toBe(201);
    expect((await post(customer.token, { text: 'Great, talk soon' })).statusCode).toBe(201);
    await app.jobRunner.runDueJobs();
    const bodies = received.map(
      (r) => JSON.parse(r.body) as { type: string; data: { text: string; side: string } },
    );
    // (The earlier tests' endpoints hear of the order itself.)
    const messages = bodies.filter((b) => b.type === 'message.created');
    expect(messages.map((b) => [b.type, b.data.side, b.data.text]).sort()).toEqual([
      ['message.created', 'customer', 'Great, talk soon'],
      ['message.created', 'team', 'Your brief is in, thanks!'],
    ]);
    expect(received.some((r) => r.body.includes('Secret margin note'))).toBe(false);
    expect((await deliveries(endpoint._id)).every((d) => d.eventType === 'message.created')).toBe(
      true,
    );
    // Off, so the tests after this one hear only their own endpoints.
    await app.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint._id}/enabled`,
      headers: bearer(admin.token),
      payload: { enabled: false },
    });
  });

  it('tell of a project’s status and its co-ordinator changing', async () => {
    const endpoint = (
      await addEndpoint(['project.status_changed', 'project.assigned'])
    ).json<WebhookEndpointWithSecret>();
    const { projectId } = await buy();
    const { user: other } = await coordinator(app);
    received.length = 0;
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}`,
      headers: bearer(admin.token),
      payload: { status: 'on-hold', coordinatorId: other.id },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await app.jobRunner.runDueJobs();
    const events = received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.type.startsWith('project.'));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'project.status_changed',
          data: expect.objectContaining({ projectId, from: 'active', to: 'on-hold' }),
        }),
        expect.objectContaining({
          type: 'project.assigned',
          data: expect.objectContaining({
            projectId,
            coordinatorId: other.id,
            previousCoordinatorId: cora.id,
          }),
        }),
      ]),
    );
    expect(events).toHaveLength(2);
    await app.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint._id}/enabled`,
      headers: bearer(admin.token),
      payload: { enabled: false },
    });
  });

  it('tell of a customer’s brief, and not of a note the team adds to it', async () => {
    const endpoint = (await addEndpoint(['brief.submitted'])).json<WebhookEndpointWithSecret>();
    const { customer, projectId } = await buy();
    received.length = 0;
    const brief = (token: string, text: string) =>
      sendForm(app, token, 'POST', `/api/projects/${projectId}/brief`, form({ text }, []));
    expect((await brief(customer.token, 'Our logo is blue; launch in May')).statusCode).toBe(201);
    expect((await brief(coraToken, 'Called them: May is firm')).statusCode).toBe(201);
    await app.jobRunner.runDueJobs();
    const events = received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.type === 'brief.submitted');
    expect(events).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          projectId,
          customerId: customer.user.id,
          authorId: customer.user.id,
          text: 'Our logo is blue; launch in May',
          first: true,
          answers: [],
          attachments: 0,
        }),
      }),
    ]);
    await app.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint._id}/enabled`,
      headers: bearer(admin.token),
      payload: { enabled: false },
    });
  });

  it('tell of a new customer account, from a sign-up or a guest’s order', async () => {
    const endpoint = (await addEndpoint(['customer.created'])).json<WebhookEndpointWithSecret>();
    received.length = 0;
    const signup = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          firstName: 'Sally',
          lastName: 'Signup',
          email: 'sally.signup@example.com',
          phoneNumber: '0412 345 678',
          password: 'a long enough password',
        },
      });
    const first = await signup();
    expect(first.statusCode, first.body).toBe(201);
    // The same email again is refused: no account, no event.
    expect((await signup()).statusCode).toBe(409);
    const guest = await app.inject({
      method: 'POST',
      url: '/api/payments/guest-checkout',
      payload: {
        ...orderBody(fixture, { coordinatorId: cora.id }),
        guest: {
          firstName: 'Gus',
          lastName: 'Guest',
          email: 'gus.guest@example.com',
          phoneNumber: '0412 345 678',
        },
      },
    });
    expect(guest.statusCode, guest.body).toBe(200);
    await app.jobRunner.runDueJobs();
    const events = received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.type === 'customer.created');
    // The job runner sends deliveries side by side: in no set order.
    expect(events.map((e) => [e.data.email, e.data.via]).sort()).toEqual([
      ['gus.guest@example.com', 'guest-checkout'],
      ['sally.signup@example.com', 'email'],
    ]);
    expect(events.find((e) => e.data.via === 'email')!.data).toMatchObject({
      firstName: 'Sally',
      lastName: 'Signup',
    });
    await app.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint._id}/enabled`,
      headers: bearer(admin.token),
      payload: { enabled: false },
    });
  });

  it('tell of a teammate invited into a customer’s company, and of the brief they send', async () => {
    const endpoint = (
      await addEndpoint(['customer.created', 'brief.submitted'])
    ).json<WebhookEndpointWithSecret>();
    const { customer, projectId } = await buy();
    const invited = await app.inject({
      method: 'POST',
      url: '/api/company/invitations',
      headers: bearer(customer.token),
      payload: { email: 'tia.teammate@example.com', role: 'member' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await outboxMail(app, config.dataDir, 'tia.teammate@example.com', 'invited you');
    const link = /\/invitations\/([\w-]+)/.exec(mail.text ?? '')![1]!;
    received.length = 0;
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/invitations/${link}/accept`,
      payload: { firstName: 'Tia', lastName: 'Teammate', password: 'a long enough password' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const tia = accepted.json<{ token: string }>().token;
    const brief = await sendForm(
      app,
      tia,
      'POST',
      `/api/projects/${projectId}/brief`,
      form({ text: 'Tia here: the menu is attached next week' }, []),
    );
    expect(brief.statusCode, brief.body).toBe(201);
    await app.jobRunner.runDueJobs();
    const events = received.map(
      (r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
    );
    expect(events.find((e) => e.type === 'customer.created')?.data).toMatchObject({
      email: 'tia.teammate@example.com',
      via: 'invitation',
    });
    expect(events.find((e) => e.type === 'brief.submitted')?.data).toMatchObject({
      projectId,
      customerId: customer.user.id,
      authorName: 'Tia Teammate',
    });
    await app.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint._id}/enabled`,
      headers: bearer(admin.token),
      payload: { enabled: false },
    });
  });

  it('tell of a request submitted under a plan, and of each move on the board', async () => {
    const plans = await createServiceToOrder(app, {
      title: 'Design Requests',
      packages: [
        {
          title: 'Unlimited',
          type: 'monthly',
          baseCostCents: 0,
          recurringCostCents: 99_000,
          activeRequestLimit: 1,
        },
      ],
      extras: [],
    });
    const customer = await createUser(app);
    const bought = await pay(app, customer.token, orderBody(plans, { coordinatorId: cora.id }));
    expect(bought.statusCode, bought.body).toBe(200);
    const planId = bought.json<{ projectId: string }>().projectId;
    const endpoint = (
      await addEndpoint(['request.created', 'request.status_changed'])
    ).json<WebhookEndpointWithSecret>();
    received.length = 0;
    const submit = (title: string) =>
      app.inject({
        method: 'POST',
        url: `/api/my/request-plans/${planId}/requests`,
        headers: bearer(customer.token),
        payload: multipart({ title }),
      });
    const first = (await submit('Menu')).json<{ id: string; version: number }>();
    const second = (await submit('Flyer')).json<{ id: string }>();
    const moved = await app.inject({
      method: 'POST',
      url: `/api/requests/${first.id}/move`,
      headers: bearer(coraToken),
      payload: { state: 'done', version: first.version },
    });
    expect(moved.json()).toMatchObject({ moved: true });
    await app.jobRunner.runDueJobs();
    const events = received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.type.startsWith('request.'))
      .map((e) => [e.type, e.data.title, e.data.from ?? null, e.data.state, e.data.queuePlace]);
    // The job runner sends deliveries side by side: in no set order.
    expect(events.sort()).toEqual(
      [
        ['request.created', 'Menu', null, 'in-progress', null],
        ['request.created', 'Flyer', null, 'queued', 1],
        ['request.status_changed', 'Menu', 'in-progress', 'done', null],
        ['request.status_changed', 'Flyer', 'queued', 'in-progress', null],
      ].sort(),
    );
    const created = received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .find((e) => e.type === 'request.created' && e.data.requestId === second.id);
    expect(created?.data).toMatchObject({
      planId,
      customerId: customer.user.id,
      submittedBy: customer.user.id,
    });
    await app.inject({
      method: 'PUT',
      url: `/api/webhooks/${endpoint._id}/enabled`,
      headers: bearer(admin.token),
      payload: { enabled: false },
    });
  });

  it('never call a private, loopback or metadata address, nor plain http, outside development', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://localhost/hook',
      'https://192.168.0.10/hook',
      ...EMBEDDED_INNER.map((address) => `https://[${address}]/hook`),
    ]) {
      const checked = await checkWebhookAddress(new URL(url), false);
      expect(checked, url).toMatchObject({ problem: expect.stringContaining('private or local') });
    }
    // The same addresses given by DNS when a delivery is sent (a name that passed when the
    // endpoint was added may answer another address later): nothing is sent.
    for (const address of EMBEDDED_INNER) {
      const sent = await sendWebhook({
        url: 'https://hooks.example.com/hook',
        secret: `whsec_${Buffer.alloc(24, 4).toString('base64')}`,
        messageId: 'msg_embedded',
        payload: { type: 'order.paid' },
        allowPrivate: false,
        resolve: async () => [{ address, family: 6 }],
      });
      expect(sent, address).toMatchObject({
        ok: false,
        status: null,
        error: expect.stringContaining('private or local'),
      });
    }
    // A public IPv4 address stays public in any of these forms.
    for (const address of ['93.184.216.34', '2606:2800:220:1::', '64:ff9b::5db8:d822']) {
      const checked = await checkWebhookAddress(
        new URL('https://hooks.example.com/'),
        false,
        async () => [{ address, family: address.includes(':') ? 6 : 4 }],
      );
      expect(checked, address).toEqual({ address, family: address.includes(':') ? 6 : 4 });
    }
    expect(await checkWebhookAddress(new URL('http://93.184.216.34/'), false)).toMatchObject({
      problem: 'The address must start with https://',
    });
    // A redirect is not followed: it is a failed delivery.
    answer = (res) => {
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/');
      res.end();
    };
    const sent = await sendWebhook({
      url: receiverUrl,
      secret: `whsec_${Buffer.alloc(24, 2).toString('base64')}`,
      messageId: 'msg_redirect',
      payload: { type: 'order.paid' },
      allowPrivate: true,
    });
    expect(sent).toMatchObject({ ok: false, status: 302 });
    answer = (res) => res.end('ok');
  });

  it('give up on an endpoint that hangs, within the timeout', async () => {
    answer = () => {};
    const sent = await sendWebhook({
      url: receiverUrl,
      secret: `whsec_${Buffer.alloc(24, 3).toString('base64')}`,
      messageId: 'msg_hang',
      payload: { type: 'order.paid' },
      allowPrivate: true,
      timeoutMs: 200,
    });
    expect(sent).toMatchObject({ ok: false, status: null });
    answer = (res) => res.end('ok');
  });

  it('give up on an endpoint that answers a byte at a time, at the same deadline', async () => {
    let drip: NodeJS.Timeout | undefined;
    answer = (res) => {
      res.writeHead(200);
      drip = setInterval(() => res.write('.'), 50);
    };
    const started = performance.now();
    const sent = await sendWebhook({
      url: receiverUrl,
      secret: `whsec_${Buffer.alloc(24, 3).toString('base64')}`,
      messageId: 'msg_drip',
      payload: { type: 'order.paid' },
      allowPrivate: true,
      timeoutMs: 300,
    });
    clearInterval(drip);
    expect(sent).toMatchObject({
      ok: false,
      status: null,
      error: 'The endpoint did not answer within 300 ms',
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    answer = (res) => res.end('ok');
  });

  it('stop sending when the runner stops, saying it was cut short', async () => {
    answer = () => {};
    const before = received.length;
    const stop = new AbortController();
    const sending = sendWebhook({
      url: receiverUrl,
      secret: `whsec_${Buffer.alloc(24, 3).toString('base64')}`,
      messageId: 'msg_cut_short',
      payload: { type: 'order.paid' },
      allowPrivate: true,
      signal: stop.signal,
    });
    await vi.waitFor(() => expect(received.length).toBe(before + 1), { timeout: 10_000 });
    stop.abort();
    expect(await sending).toMatchObject({ ok: false, status: null, cutShort: true });
    answer = (res) => res.end('ok');
  });

  it('refuse bad endpoints, naming the field, and anyone without the permission', async () => {
    for (const [payload, message] of [
      [{ url: 'not a url', events: ['order.paid'] }, 'starting with https://'],
      [{ url: 'ftp://example.com/x', events: ['order.paid'] }, 'starting with https://'],
      [{ url: receiverUrl, events: [] }, 'Choose at least one event'],
      [{ url: receiverUrl, events: ['order.exploded'] }, 'Choose events from the list'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: bearer(admin.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    const { token: coraToken } = await createUser(app, { role: 'co-ordinator' });
    expect((await addEndpoint(['order.paid'], coraToken)).statusCode).toBe(403);
    const customer = await createUser(app);
    expect((await addEndpoint(['order.paid'], customer.token)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/webhooks' })).statusCode).toBe(401);
  });

  // Last: the deliveries of every test above.
  it('send every event in the shape the OpenAPI document gives it', () => {
    const seen = new Set<string>();
    for (const body of everyBody) {
      const { type, version } = JSON.parse(body) as { type: WebhookEventType; version?: string };
      // The sending tests' own bodies ({ type } alone) are not events.
      if (!version || !webhookEventTypes.includes(type)) continue;
      const checked = webhookPayloadSchema(type).strict().safeParse(JSON.parse(body));
      expect(checked.error?.issues ?? [], body).toEqual([]);
      seen.add(type);
    }
    expect([...seen].sort()).toEqual(
      [
        'brief.submitted',
        'customer.created',
        'message.created',
        'order.paid',
        'order.refunded',
        'project.assigned',
        'project.status_changed',
        'request.created',
        'request.status_changed',
      ].sort(),
    );
  });
});
