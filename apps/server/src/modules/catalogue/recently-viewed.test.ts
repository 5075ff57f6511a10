import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_LIMIT, recentlyViewedEntrySchema } from '@noise/shared/catalogue';
import { eq } from 'drizzle-orm';
import { services } from '../../db/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { createService } from '../../test/catalogue-factories.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app } = await createTestApp();

const view = (token: string, serviceId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/recently-viewed',
    headers: bearer(token),
    payload: { serviceId },
  });

const list = async (token: string) => {
  const res = await app.inject({ url: '/api/users/recently-viewed', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as unknown[]).map((e) => recentlyViewedEntrySchema.parse(e));
};

describe('recently viewed services', () => {
  it('asks for a sign-in', async () => {
    const post = await app.inject({
      method: 'POST',
      url: '/api/users/recently-viewed',
      payload: { serviceId: 'x' },
    });
    expect(post.statusCode).toBe(401);
    const get = await app.inject({ url: '/api/users/recently-viewed' });
    expect(get.statusCode).toBe(401);
  });

  it('records views newest first, one entry per service, with the base price', async () => {
    const { token } = await createUser(app);
    const a = await createService(app, {
      title: 'A',
      packages: [{ type: 'monthly', baseCostCents: 50_000, recurringCostCents: 14_995 }],
    });
    const b = await createService(app, { title: 'B' });
    expect((await view(token, a.service.id)).statusCode).toBe(204);
    expect((await view(token, b.service.id)).statusCode).toBe(204);
    expect((await view(token, a.service.id)).statusCode).toBe(204);

    const entries = await list(token);
    expect(entries.map((e) => e.service._id)).toEqual([a.service.id, b.service.id]);
    expect(entries[0]!.service).toEqual({
      _id: a.service.id,
      title: 'A',
      featurePhoto: a.service.featurePhotoUrl,
      basePrice: 149.95,
    });
    expect(Date.parse(entries[0]!.viewedAt)).toBeGreaterThanOrEqual(
      Date.parse(entries[1]!.viewedAt),
    );
  });

  it("keeps each user's list to themselves", async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const { service } = await createService(app);
    await view(alice.token, service.id);
    expect(await list(bob.token)).toEqual([]);
    expect((await list(alice.token)).map((e) => e.service._id)).toEqual([service.id]);
  });

  it('answers 404 for an unknown or archived service and records nothing', async () => {
    const { token } = await createUser(app);
    const archived = await createService(app, { archivedAt: new Date() });
    const unknown = await view(token, 'no-such-service');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Service not found');
    expect((await view(token, archived.service.id)).statusCode).toBe(404);
    expect(await list(token)).toEqual([]);
  });

  it('refuses a missing service id with 400', async () => {
    const { token } = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/recently-viewed',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it(`keeps only the newest ${RECENTLY_VIEWED_LIMIT} services`, async () => {
    const { token } = await createUser(app);
    const created = [];
    for (let i = 0; i < RECENTLY_VIEWED_LIMIT + 3; i++) {
      const { service } = await createService(app, { title: `Cap ${i}` });
      created.push(service.id);
      expect((await view(token, service.id)).statusCode).toBe(204);
    }
    const ids = (await list(token)).map((e) => e.service._id);
    expect(ids).toEqual(created.slice(-RECENTLY_VIEWED_LIMIT).reverse());
  });

  it('hides a service that is archived after it was viewed', async () => {
    const { token } = await createUser(app);
    const { service } = await createService(app);
    await view(token, service.id);
    await app.database.db
      .update(services)
      .set({ archivedAt: new Date() })
      .where(eq(services.id, service.id));
    expect(await list(token)).toEqual([]);
  });

  it('stays one entry per service when the same view is sent many times at once', async () => {
    const { token } = await createUser(app);
    const { service } = await createService(app);
    const results = await Promise.all(Array.from({ length: 6 }, () => view(token, service.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(204));
    expect((await list(token)).map((e) => e.service._id)).toEqual([service.id]);
  });
});
