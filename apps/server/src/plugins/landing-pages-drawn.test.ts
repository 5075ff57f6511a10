import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_START_HASH, APP_START_SCRIPT } from '../lib/app-start.ts';
import { form, sendForm } from '../test/catalogue-admin-helpers.ts';
import { createTestApp } from '../test/app.ts';
import { createPage, createService } from '../test/catalogue-factories.ts';
import { bearer, createUser } from '../test/factories.ts';

// A build with the server renderer (apps/web/src/entry-server.tsx), as `vite build --ssr` writes
// it to dist/.ssr. This one draws the title of the record it is given and counts its calls.
const dist = mkdtempSync(path.join(os.tmpdir(), 'noise-dist-drawn-'));
mkdirSync(path.join(dist, '.ssr'), { recursive: true });
mkdirSync(path.join(dist, '.vite'), { recursive: true });
writeFileSync(
  path.join(dist, 'index.html'),
  [
    '<!doctype html><html><head>',
    '<title>We Make Noise.</title>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n'),
);
writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    'src/features/storefront/routes/content-page.tsx': {
      file: 'assets/content-page-1.js',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
  }),
);
writeFileSync(
  path.join(dist, '.ssr', 'entry-server.js'),
  `globalThis.drawnUrls = [];
export async function render(url, queries) {
  globalThis.drawnUrls.push(url);
  const record = queries.find((q) => q.queryKey.length === 2 && q.queryKey[0] !== 'navigation');
  const search = queries.find((q) => q.queryKey[1] === 'search');
  const links = queries.find((q) => q.queryKey[0] === 'navigation') ? '<nav>links</nav>' : '';
  const title = record ? record.data.title : search ? search.data.map((s) => s.title).join(', ') : 'home';
  return links + '<main><h1>' + title.replace(/</g, '&lt;') + '</h1></main>';
}
`,
);
const drawnUrls = () => (globalThis as unknown as { drawnUrls: string[] }).drawnUrls;

const { app } = await createTestApp({ webDistDir: dist });
const admin = await createUser(app, { role: 'admin' });
const customer = await createUser(app, { role: 'client' });
await createService(app, { id: 'seo', title: 'SEO' });
await createPage(app, {
  id: 'work',
  title: 'Our Work',
  items: [{ title: 'Brand', link: '/services/seo' }],
});

/** Staff give the content page 'work' a new title (the catalogue changes). */
async function retitleWork(title: string) {
  const res = await sendForm(
    app,
    admin.token,
    'PUT',
    '/api/pages/work',
    form({ title, 'items[0][title]': 'Brand', 'items[0][link]': '/' }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** The markup the page's #root holds, as the server sent it. */
const rootOf = (html: string) => /<div id="root">(.*)<\/div>/s.exec(html)?.[1];

describe('pages the server draws', () => {
  it("sends a service's markup with the answers it was drawn with, and starts the app after the page", async () => {
    const res = await app.inject({ url: '/services/seo' });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('<nav>links</nav><main><h1>SEO</h1></main>');
    const data = JSON.parse(
      /<script type="application\/json" id="landing-data">(.*?)<\/script>/s.exec(res.body)![1]!,
    ) as { queryKey: unknown[] }[];
    expect(data.map((q) => q.queryKey)).toEqual([['services', 'seo'], ['navigation'], ['config']]);
    // The entry and its imports load from the inline starter, not from the head.
    expect(res.body).not.toContain('<script type="module" crossorigin src=');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain(`<script type="module">${APP_START_SCRIPT}</script>`);
    const code = JSON.parse(
      /<script type="application\/json" id="app-code">(.*?)<\/script>/s.exec(res.body)![1]!,
    ) as { entry: string; chunks: string[] };
    expect(code.entry).toBe('/assets/index-1.js');
    expect(code.chunks).toContain('/assets/react-1.js');
    // The policy allows that one inline script, by its hash.
    expect(res.headers['content-security-policy']).toContain(APP_START_HASH);
    expect(res.headers['content-security-policy']).not.toContain("unsafe-inline' ;");
  });

  it('draws a page once and sends it again from memory, with its ETag', async () => {
    drawnUrls().length = 0;
    const first = await app.inject({ url: '/pages/work' });
    const second = await app.inject({ url: '/pages/work', headers: { 'accept-encoding': 'br' } });
    expect(drawnUrls()).toEqual(['/pages/work']);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.etag).toBe(first.headers.etag);
    const again = await app.inject({
      url: '/pages/work',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('draws a page again after staff change the catalogue', async () => {
    await app.inject({ url: '/pages/work' });
    await retitleWork('Our Best Work');
    drawnUrls().length = 0;
    const after = await app.inject({ url: '/pages/work' });
    expect(rootOf(after.body)).toContain('<h1>Our Best Work</h1>');
    expect(drawnUrls()).toEqual(['/pages/work']);
  });

  it('over a socket, sends a drawn page again before the framework, and the new page after an edit', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const get = async () => {
      const res = await fetch(`${base}/pages/work`, { headers: { 'accept-encoding': 'br' } });
      return { type: res.headers.get('content-type'), html: await res.text() };
    };
    const first = await get();
    const hits = app.frontCache!.stats().hits;
    drawnUrls().length = 0;
    const second = await get();
    expect(app.frontCache!.stats().hits).toBe(hits + 1);
    expect(second).toEqual(first);
    expect(drawnUrls()).toEqual([]);
    await retitleWork('Front Work');
    expect(rootOf((await get()).html)).toContain('<h1>Front Work</h1>');
    expect(drawnUrls()).toEqual(['/pages/work']);
  });

  it('draws a page again, with the new name in its title, after the business name is saved', async () => {
    const before = await app.inject({ url: '/pages/work' });
    expect(before.body).not.toContain('Renamed Studio');
    const { token } = await createUser(app, { role: 'super-admin' });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings/business-details',
      headers: bearer(token),
      payload: {
        companyName: 'Renamed Studio',
        abn: '',
        address: '',
        contactUrl: '',
        supportEmail: '',
        brandColour: '',
        emailFooter: '',
        privacyUrl: '',
        termsUrl: '',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    drawnUrls().length = 0;
    const after = await app.inject({ url: '/pages/work' });
    expect(after.body).toMatch(/<title>[^<]* \| Renamed Studio<\/title>/);
    expect(drawnUrls()).toEqual(['/pages/work']);
  });

  it('draws search results for the term, cut as the search cuts it, and keeps them out of search engines', async () => {
    drawnUrls().length = 0;
    const res = await app.inject({ url: '/search?q=%20seo%20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(rootOf(res.body)).toContain('<h1>SEO</h1>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(drawnUrls()).toEqual(['/search?q=seo']);
    await app.inject({ url: `/search?q=${'x'.repeat(150)}` });
    expect(drawnUrls()[1]).toBe(`/search?q=${'x'.repeat(100)}`);
  });

  it('leaves unknown records, signed-in pages and the staff area to the browser', async () => {
    for (const url of ['/services/none', '/dashboard', '/wkm-dashboard', '/payment']) {
      const res = await app.inject({ url, headers: bearer(customer.token) });
      expect(rootOf(res.body), url).toBe('');
    }
    expect((await app.inject({ url: '/services/none' })).statusCode).toBe(404);
  });

  it('never sends the renderer itself', async () => {
    expect((await app.inject({ url: '/.ssr/entry-server.js' })).statusCode).toBe(404);
  });
});
