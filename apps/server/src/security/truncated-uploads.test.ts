import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../test/order-factories.ts';

/**
 * A multipart body cut off in the middle (a dropped connection, a proxy's limit, a hostile
 * client) is the client's fault: every upload route answers 400 with a clear message, never 500,
 * and keeps nothing of it.
 */
const { app } = await createTestApp();
const admin = await createUser(app, { role: 'admin' });
const client = await createUser(app);
const cora = await coordinator(app);
const service = await createServiceToOrder(app, { title: 'Logo Design' });
const paid = await pay(app, client.token, orderBody(service, { coordinatorId: cora.user.id }));
const projectId = paid.json().projectId as string;
const serviceId = service.service.id;

const boundary = '----cut-off-boundary';
/** The start of a form: one text field whose value stops with no closing boundary. */
const truncated = [
  `--${boundary}`,
  'Content-Disposition: form-data; name="title"',
  '',
  'Cut off in the mid',
].join('\r\n');

const routes: { method: 'POST' | 'PUT'; url: string; token: string }[] = [
  { method: 'POST', url: '/api/services', token: admin.token },
  { method: 'PUT', url: `/api/services/${serviceId}`, token: admin.token },
  { method: 'POST', url: '/api/pages', token: admin.token },
  { method: 'PUT', url: '/api/pages/some-page', token: admin.token },
  { method: 'POST', url: '/api/industries', token: admin.token },
  { method: 'PUT', url: '/api/industries/some-industry', token: admin.token },
  { method: 'POST', url: '/api/users/site-users', token: admin.token },
  { method: 'PUT', url: `/api/users/site-users/${client.user.id}`, token: admin.token },
  { method: 'POST', url: `/api/projects/${projectId}/brief`, token: client.token },
  { method: 'POST', url: `/api/projects/${projectId}/messages`, token: client.token },
];

describe('a multipart body cut off in the middle', () => {
  it.each(routes)(
    '$method $url answers 400 with a clear message',
    async ({ method, url, token }) => {
      const res = await app.inject({
        method,
        url,
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: truncated,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        'The form arrived incomplete (the upload was cut off). Please send it again.',
      );
    },
  );

  it('a file cut off in the middle of its bytes is refused the same way, and nothing of it is kept', async () => {
    const cutFile = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="body"',
      '',
      'Here is the logo',
      `--${boundary}`,
      'Content-Disposition: form-data; name="attachments"; filename="logo.png"',
      'Content-Type: image/png',
      '',
      '\x89PNG\r\n\x1a\n' + 'x'.repeat(40_000),
    ].join('\r\n');
    const res = await app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/messages`,
      headers: {
        ...bearer(client.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: cutFile,
    });
    expect(res.statusCode, res.body).toBe(400);
    const thread = await app.inject({
      url: `/api/projects/${projectId}/messages`,
      headers: bearer(client.token),
    });
    expect(JSON.stringify(thread.json())).not.toContain('Here is the logo');
  });
});
