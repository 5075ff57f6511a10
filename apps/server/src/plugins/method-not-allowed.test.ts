import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';

// With the built web app, whose not-found handler also serves the client routes.
const dist = mkdtempSync(path.join(os.tmpdir(), 'noise-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
const { app } = await createTestApp({ webDistDir: dist });

describe('a method a known path does not have', () => {
  it('answers 405 with the methods the path has in Allow, as the error body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/config' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toEqual({
      statusCode: 405,
      error: 'method_not_allowed',
      message: 'POST is not allowed on /api/config; it takes GET, HEAD',
      requestId: res.headers['x-request-id'],
    });
  });

  it('matches the path with its parameters, a query string and a trailing slash', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/api/quotes/some-quote/?x=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
  });

  it('answers before access is checked: the methods are no secret', async () => {
    const { token } = await createUser(app);
    for (const headers of [{}, bearer(token)]) {
      const res = await app.inject({ method: 'DELETE', url: '/api/quotes', headers });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
    }
  });

  it('covers the routes outside /api too', async () => {
    const res = await app.inject({ method: 'PUT', url: '/uploads/some/file.png' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('an unknown path', () => {
  it('stays a 404 whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
    }
  });

  it('still serves the web app for a page and refuses other methods on it with 404', async () => {
    const page = await app.inject({ url: '/dashboard/projects' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const post = await app.inject({ method: 'POST', url: '/dashboard/projects' });
    expect(post.statusCode).toBe(404);
  });
});
