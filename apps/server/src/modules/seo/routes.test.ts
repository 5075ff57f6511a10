import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createPage, createService } from '../../test/catalogue-factories.ts';

// A built web app that ships its own robots.txt: the server's answer must still win.
const dist = mkdtempSync(path.join(os.tmpdir(), 'noise-seo-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');

const publicUrl = 'https://noise.example.com';
const { app } = await createTestApp({ publicUrl, webDistDir: dist });

await createService(app, { id: 'seo-live', title: 'Live service' });
await createService(app, { id: 'seo-retired', title: 'Retired service', archivedAt: new Date() });
await createService(app, { id: 'needs & escaping', title: 'Odd id' });
await createPage(app, { id: 'website', title: 'Website' });

describe('GET /robots.txt', () => {
  it('allows the site, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/wkm-dashboard', '/dashboard', '/payment', '/api']) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists home, every visible service and every page with absolute addresses', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${publicUrl}/`,
        `${publicUrl}/services/seo-live`,
        `${publicUrl}/services/needs%20%26%20escaping`,
        `${publicUrl}/pages/website`,
      ]),
    );
    expect(locs).toHaveLength(4);
    expect(res.body).not.toContain('seo-retired');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/sitemap.xml' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is not swallowed by the client-route fallback, which still serves the app', async () => {
    const page = await app.inject({ url: '/services/seo-live' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });
});
