import { describe, expect, it } from 'vitest';
import { createWebhookDeliveryHandler } from '../modules/webhooks/deliver-webhook.ts';
import { newWebhookSecret } from '../modules/webhooks/send-webhook.ts';
import { createTestApp, testRepositories } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';

/**
 * A webhook endpoint is an address the server calls: in production it must be the public
 * internet, never the server's own network or a cloud's metadata service, whichever way the
 * address is written. The outside probe's forms (an IPv4 address inside an IPv6 one) are refused
 * when an admin adds the endpoint, and when a name that passed then answers one at delivery.
 */
const { app } = await createTestApp({ webhooksAllowPrivate: false });
const webhooks = testRepositories(app).webhooks;
const admin = await createUser(app, { role: 'admin' });

/** 127.0.0.1, 10.0.0.1 and 169.254.169.254 behind the IPv6 forms that reach them. */
const ATTACKS = [
  'https://[::127.0.0.1]/hook',
  'https://[::7f00:1]/hook',
  'https://[::a00:1]/hook',
  'https://[::ffff:0:a9fe:a9fe]/latest/meta-data',
  'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
  'https://[64:ff9b:1::a00:1]/hook',
  'https://[2002:7f00:1::1]/hook',
];

describe('webhook addresses in production', () => {
  it('an admin cannot add an endpoint at an IPv4-in-IPv6 form of a private address', async () => {
    for (const url of ATTACKS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: bearer(admin.token),
        payload: { url, events: ['order.paid'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/is a private or local address/);
      expect(res.json().details, url).toEqual([{ path: 'url', message: res.json().message }]);
    }
    expect(await webhooks.listEndpoints()).toEqual([]);
  });

  it('a delivery whose name now answers such an address is not sent', async () => {
    // Added while its name answered a public address; its DNS now answers ::7f00:1.
    const endpoint = await webhooks.insertEndpoint({
      url: 'https://crm.example.com/hook',
      events: ['order.paid'],
      secret: newWebhookSecret(),
    });
    for (const address of ['::7f00:1', '64:ff9b::a9fe:a9fe', '2002:a00:1::']) {
      const delivery = await webhooks.insertDelivery({
        endpointId: endpoint.id,
        messageId: `msg_${address.replace(/:/g, '')}`,
        eventType: 'order.paid',
        payload: { type: 'order.paid' },
      });
      const deliver = createWebhookDeliveryHandler({
        repos: testRepositories(app),
        allowPrivate: false,
        onDisabled: async () => {},
        resolve: async () => [{ address, family: 6 }],
      });
      // Refused before any connection, and retried later on the schedule: the row says why.
      await expect(deliver({ deliveryId: delivery.id }, undefined as never)).rejects.toThrow(
        'is a private or local address',
      );
      const row = (await webhooks.findDelivery(delivery.id))!.delivery;
      expect(row, address).toMatchObject({
        attempts: 1,
        lastStatusCode: null,
        lastError: `crm.example.com is a private or local address (${address})`,
      });
    }
  });
});
