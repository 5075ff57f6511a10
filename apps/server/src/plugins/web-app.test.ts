import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'noise-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><title>app</title><div id="root"></div>',
);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');

const { app } = await createTestApp({ webDistDir: dist });

describe('serving the web app', () => {
  it('serves index.html for client routes, uncached, with the security headers', async () => {
    const res = await app.inject({ url: '/dashboard/projects/abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp).toMatch(/script-src[^;]*$|script-src [^;]*;/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown /api path with a JSON 404 and a missing asset with a plain 404', async () => {
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
    const asset = await app.inject({ url: '/assets/index-old999.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).not.toContain('text/html');
  });

  it('answers health and readiness', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ok' });
  });

  it('echoes a well-formed request id and makes one otherwise', async () => {
    const given = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'abc12345-req' },
    });
    expect(given.headers['x-request-id']).toBe('abc12345-req');
    const made = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id<script>' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
