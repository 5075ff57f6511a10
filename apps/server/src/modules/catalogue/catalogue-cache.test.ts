import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createResponseCache, pickEncoding } from '../../lib/response-cache.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { createOrder, form, sendForm, type FileSpec } from '../../test/catalogue-admin-helpers.ts';
import { createIndustry, createPage, createService } from '../../test/catalogue-factories.ts';
import { bearer, createUser } from '../../test/factories.ts';

const { app, database } = await createTestApp();
// A second server process on the same database: it hears of writes only through NOTIFY.
const other = await buildApp(testConfig(), { logger: false, ensureAdmin: false, database });
await other.ready();
afterAll(() => other.close());

const admin = await createUser(app, { role: 'admin' });
const client = await createUser(app, { role: 'client' });
const png: FileSpec = { field: 'featurePhoto', fixture: 'image.png', type: 'image/png' };

/** A public read: status, body, ETag; checks that a repeat with the ETag is a 304. */
async function read(url: string, server = app) {
  const res = await server.inject({ url });
  const etag = res.headers.etag as string | undefined;
  if (res.statusCode === 200) {
    expect(etag).toMatch(/^W\/"/);
    const again = await server.inject({ url, headers: { 'if-none-match': etag! } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  }
  return { status: res.statusCode, body: res.body, etag, json: () => res.json() as unknown };
}

/** After a write, the old ETag must get the new body (200), never a 304. */
async function expectChanged(url: string, before: { etag?: string; body: string }) {
  const res = await app.inject({ url, headers: { 'if-none-match': before.etag! } });
  expect(res.statusCode).toBe(200);
  expect(res.headers.etag).not.toBe(before.etag);
  expect(res.body).not.toBe(before.body);
  return res;
}

/** Polls the other process until `url` answers something else than `body` (NOTIFY is async). */
async function eventuallyChangedOnOther(url: string, body: string) {
  for (let i = 0; i < 200; i++) {
    const res = await other.inject({ url });
    if (res.body !== body) return res;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} still answers the old body on the other process`);
}

const put = (url: string, fields: Record<string, string>, files: FileSpec[] = []) =>
  sendForm(app, admin.token, 'PUT', url, form(fields, files));

describe('public catalogue cache', () => {
  it('serves a service edit on the very next read, here and on another process', async () => {
    const { service } = await createService(app, { title: 'Cached Title' });
    const url = `/api/services/${service.id}`;
    const before = await read(url);
    expect(before.json()).toMatchObject({ title: 'Cached Title' });
    const list = await read('/api/services');
    const search = await read('/api/services/search?q=cached%20title');
    const otherBefore = await read(url, other);
    expect(otherBefore.body).toBe(before.body);

    const res = await put(url, { title: 'Renamed Title' });
    expect(res.statusCode, res.body).toBe(200);

    expect((await expectChanged(url, before)).json()).toMatchObject({ title: 'Renamed Title' });
    expect((await expectChanged('/api/services', list)).body).toContain('Renamed Title');
    expect((await app.inject({ url: '/api/services/search?q=cached%20title' })).body).not.toBe(
      search.body,
    );
    const seenByOther = await eventuallyChangedOnOther(url, otherBefore.body);
    expect(seenByOther.json()).toMatchObject({ title: 'Renamed Title' });
  });

  it('serves package and extra changes at once', async () => {
    const { service } = await createService(app, {
      extras: [{ title: 'Rush', priceCents: 5_000 }],
    });
    const url = `/api/services/${service.id}`;
    const before = await read(url);

    const packages = [
      {
        title: 'Bigger',
        type: 'monthly',
        baseCost: 10,
        recurringCost: 99,
        priceSuffix: 'per month',
        features: ['X'],
      },
    ];
    const res = await put(url, { packages: JSON.stringify(packages) });
    expect(res.statusCode, res.body).toBe(200);
    const afterPackages = await expectChanged(url, before);
    expect(afterPackages.json()).toMatchObject({ packages: [{ title: 'Bigger' }], basePrice: 99 });

    const extras = [{ title: 'Rush', description: 'Sooner', price: 75 }];
    const middle = { body: afterPackages.body, etag: afterPackages.headers.etag as string };
    const changed = await put(url, { serviceExtras: JSON.stringify(extras) });
    expect(changed.statusCode, changed.body).toBe(200);
    const afterExtras = await expectChanged(url, middle);
    expect(afterExtras.json()).toMatchObject({ serviceExtras: [{ title: 'Rush', price: 75 }] });
  });

  it('serves an uploaded image at once', async () => {
    const { service } = await createService(app);
    const url = `/api/services/${service.id}`;
    const before = await read(url);
    const res = await put(url, {}, [png]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await expectChanged(url, before);
    expect((after.json() as { featurePhoto: string }).featurePhoto).toMatch(/^\/uploads\//);
  });

  it('drops an archived service from the service, the list and search at once', async () => {
    const { service } = await createService(app, { title: 'Soon Archived' });
    await createOrder(app, { userId: client.user.id, serviceId: service.id });
    const url = `/api/services/${service.id}`;
    expect((await read(url)).status).toBe(200);
    const list = await read('/api/services');
    expect(list.body).toContain('Soon Archived');
    expect((await read('/api/services/search?q=soon%20archived')).body).toContain(service.id);

    const res = await app.inject({
      method: 'DELETE',
      url,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);

    expect((await read(url)).status).toBe(404);
    expect((await expectChanged('/api/services', list)).body).not.toContain('Soon Archived');
    expect((await read('/api/services/search?q=soon%20archived')).body).toBe('[]');
  });

  it('serves a page edit at once', async () => {
    const { page } = await createPage(app, {
      title: 'Old Page',
      items: [{ title: 'One', link: '/services/seo' }],
    });
    const url = `/api/pages/${page.id}`;
    const before = await read(url);
    const pages = await read('/api/pages');
    const res = await put(url, {
      title: 'New Page',
      'items[0][title]': 'Two',
      'items[0][link]': '/services/seo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await expectChanged(url, before)).json()).toMatchObject({
      title: 'New Page',
      items: [{ title: 'Two' }],
    });
    expect((await expectChanged('/api/pages', pages)).body).toContain('New Page');
  });

  it('serves an industry edit at once, in the list and on its own', async () => {
    const industry = await createIndustry(app, { title: 'Old Industry' });
    const url = `/api/industries/${industry.id}`;
    const one = await read(url);
    const list = await read('/api/industries');
    const res = await put(url, { title: 'New Industry', link: '/services/seo' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await expectChanged(url, one)).json()).toMatchObject({ title: 'New Industry' });
    expect((await expectChanged('/api/industries', list)).body).toContain('New Industry');
  });

  it('answers the same bytes whatever the encoding, each with the same ETag', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => createIndustry(app, { title: `Industry ${i}` })),
    );
    // Rows written straight to the database, not through the staff API: tell the cache.
    await app.catalogueCache.invalidate();
    const plain = await app.inject({ url: '/api/industries' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({
      url: '/api/industries',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({
      url: '/api/industries',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
  });

  it('is not emptied by writes that are refused before their handler', async () => {
    const { service } = await createService(app);
    const url = `/api/services/${service.id}`;
    await read(url);
    const refused = [
      { method: 'PUT' as const, url, headers: {} }, // signed out
      { method: 'PUT' as const, url, headers: bearer(client.token) }, // no permission
      { method: 'DELETE' as const, url, headers: bearer(client.token) },
      { method: 'POST' as const, url: '/api/industries', headers: {} },
    ];
    for (const request of refused) {
      const res = await app.inject({ ...request, payload: form({ title: 'X' }) });
      expect([401, 403]).toContain(res.statusCode);
    }
    const before = database.queryCount();
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect(database.queryCount() - before).toBe(0);
  });

  it('keeps services cached however many new search terms come in', async () => {
    const { service } = await createService(app);
    const url = `/api/services/${service.id}`;
    await read(url);
    for (let i = 0; i < 1100; i++) {
      expect((await app.inject({ url: `/api/services/search?q=term${i}` })).statusCode).toBe(200);
    }
    const before = database.queryCount();
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect(database.queryCount() - before).toBe(0);
    expect(app.catalogueCache.stats().searches.entries).toBe(1000);
  });

  it('answers 404 for an unknown service, and serves it once it exists', async () => {
    expect((await read('/api/services/not-yet')).status).toBe(404);
    await createService(app, { id: 'not-yet' });
    expect((await read('/api/services/not-yet')).status).toBe(200);
  });
});

describe('createResponseCache', () => {
  it('never stores an answer loaded before an invalidation', async () => {
    const cache = createResponseCache({ maxEntries: 10, maxAgeMs: 60_000, cacheControl: 'x' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.get('k', async () => {
      await gate;
      return '"old"';
    });
    cache.clear(); // a write committed while the old answer was being read
    release();
    expect((await slow)?.body).toBe('"old"'); // its own caller still gets what it read
    expect((await cache.get('k', async () => '"new"'))?.body).toBe('"new"');
    expect((await cache.get('k', async () => '"newer"'))?.body).toBe('"new"');
  });

  it('shares one load between concurrent misses and keeps at most maxEntries', async () => {
    const cache = createResponseCache({ maxEntries: 2, maxAgeMs: 60_000, cacheControl: 'x' });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return '1';
    };
    await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(loads).toBe(1);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.stats().entries).toBe(2);
    await cache.get('a', load); // the oldest went first
    expect(loads).toBe(4);
  });

  it('loads again after maxAgeMs', async () => {
    let now = 0;
    const cache = createResponseCache({
      maxEntries: 10,
      maxAgeMs: 1000,
      cacheControl: 'x',
      now: () => now,
    });
    await cache.get('k', async () => '1');
    now = 999;
    expect((await cache.get('k', async () => '2'))?.body).toBe('1');
    now = 1000;
    expect((await cache.get('k', async () => '3'))?.body).toBe('3');
  });

  it('picks br, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
  });
});
