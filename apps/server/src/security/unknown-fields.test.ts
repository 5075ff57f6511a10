import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { multipart } from '../test/multipart.ts';
import { coordinator, createServiceToOrder, orderBody, pay } from '../test/order-factories.ts';

/**
 * Every JSON body refuses a field its schema does not name, with a 400 that names it
 * (lib/strict-body.ts): a client sending an old or misspelt field hears about it instead of
 * losing what it sent.
 */
const { app } = await createTestApp();
const superAdmin = await createUser(app, { role: 'super-admin' });

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
}
const spec = (await app.inject({ url: '/api/docs/json' })).json<{
  paths: Record<string, Record<string, Operation>>;
}>();
/** Every operation the documentation says takes a JSON body. */
const jsonBodies = Object.entries(spec.paths).flatMap(([path, operations]) =>
  Object.entries(operations)
    .filter(([, op]) => op.requestBody?.content?.['application/json'])
    .map(([method, _op]) => ({
      method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: path.replace('{slug}', 'about-us').replace(/\{[^}]+\}/g, 'some-id'),
    })),
);

describe('unknown fields in a request body', () => {
  it('finds the JSON bodies to try', () => {
    expect(jsonBodies.length).toBeGreaterThan(30);
  });

  it.each(jsonBodies)('$method $url refuses an unknown field by name', async ({ method, url }) => {
    const res = await app.inject({
      method,
      url,
      headers: bearer(superAdmin.token),
      // A union chooses its branch by `type` first: the unknown field is checked in that branch.
      payload: {
        ...(/\/(handle-payment|guest-checkout)$/.test(url) ? { type: 'normal' } : {}),
        notAField: 'x',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    const messages = (res.json().details ?? []).map((d: { message: string }) => d.message);
    expect(messages).toContain('Unrecognized key: "notAField"');
  });

  it("the old quote body's 'desc' is refused, not dropped", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: bearer(superAdmin.token),
      payload: {
        name: 'Menu design',
        desc: 'Three menus for the bakery',
        deliverables: 'Menus',
        extras: '',
        value: 1200,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain('Unrecognized key: \\"desc\\"');
    const list = await app.inject({ url: '/api/quotes', headers: bearer(superAdmin.token) });
    expect(JSON.stringify(list.json())).not.toContain('Menu design');
  });

  it.each([
    ['/api/services', { title: 'Menus', desc: 'old name' }, 'desc'],
    [
      '/api/pages',
      { title: 'Menus', 'items[0][title]': 'A', 'items[0][url]': '/x' },
      'items[0][url]',
    ],
    ['/api/industries', { title: 'Bakeries', href: '/services/seo' }, 'href'],
  ])('the multipart form of %s refuses a field it does not have', async (url, fields, name) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: bearer(superAdmin.token),
      body: multipart(fields),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(`Unrecognized key: "${name}"`);
  });

  it('the message and brief forms refuse a field they do not read, and post nothing', async () => {
    const client = await createUser(app);
    const cora = await coordinator(app);
    const service = await createServiceToOrder(app, { title: 'Menu Design' });
    const paid = await pay(app, client.token, orderBody(service, { coordinatorId: cora.user.id }));
    const projectId = paid.json().projectId as string;
    for (const [url, fields] of [
      [`/api/projects/${projectId}/messages`, { text: 'Hello', subject: 'Menus' }],
      [`/api/projects/${projectId}/brief`, { text: 'Our brief', budget: '500' }],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: bearer(client.token),
        body: multipart(fields),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^Unrecognized key: "(subject|budget)"$/);
    }
    const thread = await app.inject({
      url: `/api/projects/${projectId}/messages`,
      headers: bearer(client.token),
    });
    expect(JSON.stringify(thread.json())).not.toContain('Hello');
  });
});
