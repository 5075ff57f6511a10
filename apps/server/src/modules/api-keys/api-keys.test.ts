import { describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '@noise/shared/api-keys';
import type { AuditPage } from '@noise/shared/audit';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';

/** The day the app thinks it is: keys ending on it expired at its midnight, long ago. */
const TODAY = new Date('2026-03-10T02:00:00Z');
const PER_MINUTE = 8;
const { app } = await createTestApp(
  { apiKeyRateLimitPerMinute: PER_MINUTE },
  { now: () => new Date(TODAY) },
);
const admin = await createUser(app, { role: 'admin' });
const superAdmin = await createUser(app, { role: 'super-admin' });

async function makeKey(
  token: string,
  body: { name?: string; permissions?: readonly string[]; expiresOn?: string | null },
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/api-keys',
    headers: bearer(token),
    payload: { name: 'CRM sync', permissions: ['sales:manage'], ...body },
  });
}

async function keyOf(token: string, body: Parameters<typeof makeKey>[1]) {
  const res = await makeKey(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}

const call = (key: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });

const ownKeys = async (token: string) =>
  (await app.inject({ url: '/api/users/api-keys', headers: bearer(token) })).json<ApiKey[]>();

describe('API keys', () => {
  it('work as Bearer on the routes their permissions allow, and on no other', async () => {
    const made = await keyOf(admin.token, { name: 'Sales board', permissions: ['sales:manage'] });
    expect(made.key).toMatch(/^nk_live_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key!.slice(0, 14));
    expect(made).toMatchObject({
      name: 'Sales board',
      permissions: ['sales:manage'],
      createdBy: { _id: admin.user.id },
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    // Shown once: neither list carries it.
    const mine = await app.inject({ url: '/api/users/api-keys', headers: bearer(admin.token) });
    const all = await app.inject({ url: '/api/api-keys', headers: bearer(admin.token) });
    for (const list of [mine, all]) {
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(made.prefix);
      expect(list.body).not.toContain(made.key);
    }

    const key = made.key!;
    expect((await call(key, '/api/projects-all')).statusCode).toBe(200);
    // A customer's records, as staff who manage sales.
    expect((await call(key, '/api/projects')).statusCode).toBe(200);
    const webhooks = await call(key, '/api/webhooks');
    expect(webhooks.statusCode).toBe(403);
    expect(webhooks.json().message).toBe('You do not have permission to do that');
    // Never the person's own account, nor more keys.
    const profile = await call(key, '/api/users/profile');
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toContain('staff routes only');
    const another = await makeKey(key, {});
    expect(another.statusCode).toBe(403);
    expect((await call(key, '/api/api-keys')).statusCode).toBe(403);
    // A public page sees no one: the key is not a visitor's sign-in.
    expect((await call(key, '/api/services')).statusCode).toBe(200);

    const used = (await ownKeys(admin.token)).find((k) => k._id === made._id)!;
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('without sales:manage, do not reach customers’ orders', async () => {
    const { key } = await keyOf(admin.token, { permissions: ['catalogue:manage'] });
    const res = await call(key!, '/api/projects');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('sales:manage');
  });

  it('stop working once revoked, or past their last day', async () => {
    const made = await keyOf(admin.token, {});
    expect((await call(made.key!, '/api/projects-all')).statusCode).toBe(200);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/users/api-keys/${made._id}/revoke`,
      headers: bearer(admin.token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<ApiKey>().revokedAt).not.toBeNull();
    const after = await call(made.key!, '/api/projects-all');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This API key was revoked');

    // Its last day was the app's today (2026-03-10 in Sydney), which ended long before the real
    // clock's now.
    const expiring = await keyOf(admin.token, { expiresOn: '2026-03-10' });
    expect(expiring.expiresAt).toBe('2026-03-10T13:00:00.000Z');
    const expired = await call(expiring.key!, '/api/projects-all');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('This API key has expired');
    const unknown = await call(`${made.key!.slice(0, -4)}AAAA`, '/api/projects-all');
    expect(unknown.statusCode).toBe(401);
  });

  it('refuse more than the creator has, a past expiry, no name and no permission, storing nothing', async () => {
    const cora = await createUser(app, { role: 'co-ordinator' });
    const more = await makeKey(cora.token, { permissions: ['sales:manage', 'webhooks:manage'] });
    expect(more.statusCode).toBe(403);
    expect(more.json()).toMatchObject({
      message: 'A key can carry only permissions you have. You do not have: webhooks:manage',
      details: [{ path: 'permissions' }],
    });
    for (const [body, message] of [
      [{ expiresOn: '2026-03-09' }, 'The expiry date is in the past'],
      [{ expiresOn: '2026-02-30' }, 'That date does not exist'],
      [{ name: '   ' }, 'Give the key a name'],
      [{ permissions: [] }, 'Choose at least one permission'],
      [{ permissions: ['everything'] }, 'Choose permissions from the list'],
    ] as const) {
      const res = await makeKey(cora.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await ownKeys(cora.token)).toEqual([]);
    // A customer has no permission to give.
    const customer = await createUser(app);
    expect((await makeKey(customer.token, {})).statusCode).toBe(403);
    expect(await ownKeys(customer.token)).toEqual([]);
    // The list of every key is for those who manage webhooks.
    expect(
      (await app.inject({ url: '/api/api-keys', headers: bearer(cora.token) })).statusCode,
    ).toBe(403);
  });

  it('lose what their creator loses, and go with a deleted creator', async () => {
    const member = await createUser(app, { role: 'admin' });
    const { key } = await keyOf(member.token, {
      permissions: ['sales:manage', 'catalogue:manage'],
    });
    expect((await call(key!, '/api/services/manage')).statusCode).toBe(200);
    const demoted = await app.inject({
      method: 'POST',
      url: `/api/users/site-users/${member.user.id}/role`,
      headers: bearer(superAdmin.token),
      payload: { role: 'co-ordinator' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await call(key!, '/api/services/manage')).statusCode).toBe(403);
    expect((await call(key!, '/api/projects-all')).statusCode).toBe(200);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/users/site-users/${member.user.id}`,
      headers: bearer(superAdmin.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call(key!, '/api/projects-all')).statusCode).toBe(401);
  });

  it('are named in the audit log beside their creator', async () => {
    const { key, _id } = await keyOf(admin.token, {
      name: 'Zapier',
      permissions: ['webhooks:manage'],
    });
    const added = await call(key!, '/api/webhooks', 'POST', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['order.paid'],
    });
    expect(added.statusCode, added.body).toBe(201);
    const page = (
      await app.inject({ url: '/api/audit?kind=other', headers: bearer(superAdmin.token) })
    ).json<AuditPage>();
    const entry = page.items.find((i) => i.action === 'webhook.created');
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      apiKey: { _id, name: 'Zapier' },
    });
    const roles = (
      await app.inject({ url: '/api/audit?kind=roles', headers: bearer(superAdmin.token) })
    ).json<AuditPage>();
    expect(roles.items.find((i) => i.action === 'api_key.created')?.summary).toContain('Zapier');
    const csv = await app.inject({ url: '/api/audit.csv', headers: bearer(superAdmin.token) });
    expect(csv.body).toContain("(API key 'Zapier')");
  });

  it('have a rate limit each', async () => {
    const first = (await keyOf(admin.token, { name: 'Busy' })).key!;
    const second = (await keyOf(admin.token, { name: 'Quiet' })).key!;
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await call(first, '/api/projects-all');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(PER_MINUTE - i - 1));
    }
    const refused = await call(first, '/api/projects-all');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toContain('This API key made too many requests');
    // Another key of the same person, and the person signed in, are not held back.
    expect((await call(second, '/api/projects-all')).statusCode).toBe(200);
    expect((await call(admin.token, '/api/projects-all')).statusCode).toBe(200);
  });

  it('are revoked from the screen of every key by those who manage webhooks', async () => {
    const cora = await createUser(app, { role: 'co-ordinator' });
    const made = await keyOf(cora.token, { name: 'Cora’s sheet' });
    // Someone else's key is not theirs to revoke on their own page.
    const notMine = await app.inject({
      method: 'POST',
      url: `/api/users/api-keys/${made._id}/revoke`,
      headers: bearer(admin.token),
    });
    expect(notMine.statusCode).toBe(404);
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/api-keys/${made._id}/revoke`,
      headers: bearer(admin.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await call(made.key!, '/api/projects-all')).statusCode).toBe(401);
    const roles = (
      await app.inject({ url: '/api/audit?kind=roles', headers: bearer(superAdmin.token) })
    ).json<AuditPage>();
    expect(roles.items.find((i) => i.action === 'api_key.revoked')?.summary).toBe(
      `Revoked the API key 'Cora’s sheet' (${made.prefix}…) of ${cora.user.email}`,
    );
  });
});
