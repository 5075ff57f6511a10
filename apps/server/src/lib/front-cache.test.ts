import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, testConfig } from '../test/app.ts';
import { form, sendForm } from '../test/catalogue-admin-helpers.ts';
import { createIndustry, createService } from '../test/catalogue-factories.ts';
import { createUser } from '../test/factories.ts';
import { createFrontCache } from './front-cache.ts';
import type { CachedBody } from './response-cache.ts';

// The front cache sits in the HTTP server, which inject() passes by: these requests go over a socket.
const { app } = await createTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const admin = await createUser(app, { role: 'admin' });

/** A GET over the socket: status, every header but the date, and the body's bytes. */
async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + url, { headers: { 'accept-encoding': 'br', ...headers } });
  const seen: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'date' && name !== 'keep-alive' && name !== 'connection') seen[name] = value;
  });
  // fetch decodes the body; the bytes' text is what the client reads.
  return { status: res.status, headers: seen, text: await res.text() };
}

const hits = () => app.frontCache!.stats().hits;

describe('the front cache', () => {
  it('answers a public read again with the same status, headers and body, its own request id', async () => {
    await createIndustry(app, { title: 'Front Industry' });
    await app.catalogueCache.invalidate();
    const first = await get('/api/industries');
    expect(first.status).toBe(200);
    expect(first.text).toContain('Front Industry');
    const before = hits();
    const again = await get('/api/industries', { 'x-request-id': 'support-call-1234' });
    expect(hits()).toBe(before + 1);
    const { 'x-request-id': firstId, ...firstRest } = first.headers;
    const { 'x-request-id': againId, ...againRest } = again.headers;
    expect(againRest).toEqual(firstRest);
    expect(again.text).toBe(first.text);
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect(againId).toBe('support-call-1234');
    // The security headers and the catalogue's caching came with it.
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    expect(again.headers.etag).toMatch(/^W\//);
  });

  it('keeps each encoding apart and sends the bytes the framework sent', async () => {
    // Long enough to be sent compressed.
    await createService(app, { id: 'seo', title: 'SEO', description: 'Search. '.repeat(300) });
    const service = await get('/api/services/seo');
    expect(service.headers['content-encoding']).toBe('br');
    const before = hits();
    const raw = await fetch(base + '/api/services/seo', { headers: { 'accept-encoding': 'br' } });
    const plain = await fetch(base + '/api/services/seo', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(hits()).toBe(before + 1);
    expect(raw.headers.get('content-encoding')).toBe('br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(service.text);
    // The identity answer is now kept too.
    await fetch(base + '/api/services/seo', { headers: { 'accept-encoding': 'identity' } });
    expect(hits()).toBe(before + 2);
  });

  it('sends a staff edit on the very next read', async () => {
    const industry = await createIndustry(app, { title: 'Before Edit' });
    await app.catalogueCache.invalidate();
    expect((await get('/api/industries')).text).toContain('Before Edit');
    expect((await get('/api/industries')).text).toContain('Before Edit');
    const res = await sendForm(
      app,
      admin.token,
      'PUT',
      `/api/industries/${industry.id}`,
      form({ title: 'After Edit', link: '/services/seo' }),
    );
    expect(res.statusCode).toBe(200);
    const before = hits();
    const after = await get('/api/industries');
    expect(hits()).toBe(before);
    expect(after.text).toContain('After Edit');
    expect(after.text).not.toContain('Before Edit');
  });

  it('leaves revalidations, other methods and uncompressed asks to the framework', async () => {
    const first = await get('/api/industries');
    await get('/api/industries');
    const before = hits();
    const revalidate = await get('/api/industries', { 'if-none-match': first.headers.etag! });
    expect(revalidate.status).toBe(304);
    const head = await fetch(base + '/api/industries', { method: 'HEAD' });
    expect(head.status).toBe(200);
    const unzipped = await get('/api/industries', { 'x-no-compression': '1' });
    expect(unzipped.headers['content-encoding']).toBeUndefined();
    expect(hits()).toBe(before);
  });

  it('is not made when every request is to be logged', async () => {
    const logged = await buildApp(
      { ...testConfig(), logRequests: true },
      { logger: false, ensureAdmin: false, database: app.database },
    );
    afterAll(() => logged.close());
    expect(logged.frontCache).toBeUndefined();
  });
});

describe('createFrontCache', () => {
  let clock = 1_000;
  const front = createFrontCache({ maxEntries: 2, now: () => clock });
  const entry = (over: Partial<CachedBody> = {}): CachedBody => ({
    body: '{"a":1}',
    etag: 'W/"x"',
    cacheControl: 'public, max-age=60',
    storedAt: clock,
    expiresAt: clock + 60_000,
    ...over,
  });
  const request = (url: string, config: Record<string, unknown> = {}) =>
    ({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
      routeOptions: { config },
    }) as unknown as FastifyRequest;
  const reply = {
    getHeaders: () => ({ 'content-type': 'application/json' }),
  } as unknown as FastifyReply;
  /** What serve() wrote for `url`, or null when it left the request to the framework. */
  interface Written {
    status: number;
    headers: string[];
    body: Buffer;
  }
  const serve = (url: string): Written | null => {
    const written: Written = { status: 0, headers: [], body: Buffer.alloc(0) };
    const res = {
      writeHead: (status: number, headers: string[]) => {
        written.status = status;
        written.headers = headers;
      },
      end: (body: Buffer) => {
        written.body = body;
      },
    } as unknown as ServerResponse;
    const req = {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    } as unknown as IncomingMessage;
    return front.serve(req, res) ? written : null;
  };

  it('stops sending an answer once its body is stale or expired', () => {
    const body = entry();
    front.keep(request('/a'), reply, body, '{"a":1}');
    expect(serve('/a')?.body.toString()).toBe('{"a":1}');
    body.stale = true;
    expect(serve('/a')).toBeNull();
    const later = entry();
    front.keep(request('/a'), reply, later, '{"a":1}');
    clock += 60_000;
    expect(serve('/a')).toBeNull();
  });

  it('keeps at most its number of addresses, and nothing from a route that reads the caller', () => {
    front.keep(request('/1'), reply, entry(), '1');
    front.keep(request('/2'), reply, entry(), '2');
    front.keep(request('/3'), reply, entry(), '3');
    expect(serve('/1')).toBeNull();
    expect(serve('/3')?.body.toString()).toBe('3');
    front.keep(request('/mine', { optionalAuth: true }), reply, entry(), 'mine');
    expect(serve('/mine')).toBeNull();
  });

  it('writes the headers it kept, the length, and a request id', () => {
    front.keep(request('/h'), reply, entry(), 'hello');
    const written = serve('/h')!;
    expect(written.status).toBe(200);
    const headers = Object.fromEntries(
      written.headers.flatMap((v, i, all) => (i % 2 === 0 ? [[v, all[i + 1]]] : [])),
    );
    expect(headers).toMatchObject({ 'content-type': 'application/json', 'content-length': '5' });
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
