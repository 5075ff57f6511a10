import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { createPage, createService } from '../test/catalogue-factories.ts';

// A build as Vite writes it: index.html, and a manifest naming each route's chunks.
const dist = mkdtempSync(path.join(os.tmpdir(), 'noise-dist-'));
mkdirSync(path.join(dist, '.vite'), { recursive: true });
writeFileSync(
  path.join(dist, 'index.html'),
  [
    '<!doctype html><html><head>',
    '<meta name="description" content="The default description." />',
    '<meta property="og:title" content="We Make Noise." />',
    '<meta property="og:image" content="/og-image.png" />',
    '<title>We Make Noise.</title>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n'),
);
writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': {
      file: 'assets/index-1.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_react.js'],
    },
    '_react.js': { file: 'assets/react-1.js' },
    '_format.js': { file: 'assets/format-1.js', imports: ['_react.js'] },
    '_service-page-1.js': {
      file: 'assets/service-page-1.js',
      name: 'service-page',
      imports: ['index.html', '_react.js', '_format.js'],
    },
    'src/features/storefront/routes/home.tsx': {
      file: 'assets/home-1.js',
      src: 'src/features/storefront/routes/home.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_react.js'],
    },
    'src/features/customer/routes/dashboard.tsx': {
      file: 'assets/dashboard-1.js',
      src: 'src/features/customer/routes/dashboard.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_format.js'],
    },
    'src/app/staff-guard.tsx': {
      file: 'assets/staff-guard-1.js',
      src: 'src/app/staff-guard.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_react.js'],
    },
    'src/features/staff/routes/staff-app.tsx': {
      file: 'assets/staff-app-1.js',
      src: 'src/features/staff/routes/staff-app.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_staff-table.js'],
    },
    '_staff-table.js': { file: 'assets/staff-table-1.js', imports: ['_react.js'] },
    'src/features/staff/sales/routes/sales-list.tsx': {
      file: 'assets/sales-list-1.js',
      src: 'src/features/staff/sales/routes/sales-list.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_staff-table.js', '_format.js'],
    },
    'src/features/staff/reporting/routes/reporting.tsx': {
      file: 'assets/reporting-1.js',
      src: 'src/features/staff/reporting/routes/reporting.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_staff-table.js'],
    },
    'src/features/storefront/routes/content-page.tsx': {
      file: 'assets/content-page-1.js',
      src: 'src/features/storefront/routes/content-page.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_service-page-1.js'],
    },
  }),
);

const { app, config } = await createTestApp({ webDistDir: dist });
await createService(app, {
  id: 'seo',
  title: 'SEO & "Search"',
  description: 'Be found. </script><script>alert(1)</script>',
  gallery: ['/uploads/catalogue/abc.w960.webp', '/demo/second.svg'],
});
await createService(app, {
  id: 'video-first',
  gallery: ['/demo/picture.svg'],
  videos: [{ url: '/uploads/catalogue/intro.mp4' }],
});
await createService(app, { id: 'old', archivedAt: new Date() });
await createPage(app, {
  id: 'work',
  title: 'Our Work',
  items: [
    { title: 'Brand', link: '/services/seo', featurePhotoUrl: '/demo/brand.svg' },
    { title: 'Web', link: '/services/seo' },
  ],
});

// String.replace reads these in a replacement string as patterns: `$&` the match, `` $` `` and
// `$'` the text before and after it, `$1` a group, `$$` a dollar sign.
const DOLLARS = "Growth $` before $' after $& match $1 group $$ cash";
await createService(app, {
  id: 'dollars',
  title: DOLLARS,
  description: `Costs $$ and $& and $\` and $' and $1 & "more".`,
  gallery: ['/demo/dollars-$&.svg'],
});
await createPage(app, {
  id: 'dollars-page',
  title: DOLLARS,
  items: [
    { title: "Item $'", link: '/services/dollars' },
    { title: 'Item $` $&', link: '/services/dollars' },
  ],
});

const landing = (url: string) => app.inject({ url });

/** The data block the app reads before its first render: its first (here its only) answer. */
function landingData(html: string) {
  const json = /<script type="application\/json" id="landing-data">(.*?)<\/script>/s.exec(html);
  return json
    ? (
        JSON.parse(json[1]!) as { queryKey: unknown[]; data: { title: string; items: unknown[] } }[]
      )[0]
    : undefined;
}

describe('landing pages', () => {
  it('writes a service into its page: title, description, chunks, first picture and data', async () => {
    const res = await landing('/services/seo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(`<title>SEO &amp; &quot;Search&quot; | ${config.companyName}</title>`);
    expect(html).toContain(
      `<meta property="og:title" content="SEO &amp; &quot;Search&quot; | ${config.companyName}" />`,
    );
    expect(html).toContain(
      'content="Be found. &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(html).not.toContain('The default description.');
    // The route's own chunks, not those the entry loads anyway.
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/service-page-1.js">',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/format-1.js">');
    expect(html).not.toContain('href="/assets/react-1.js"');
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/catalogue/abc.w960.webp" ' +
        'imagesrcset="/uploads/catalogue/abc.w480.webp 480w, /uploads/catalogue/abc.w960.webp 960w, ' +
        '/uploads/catalogue/abc.w1600.webp 1600w" imagesizes="(min-width: 1024px) 50vw, 100vw">',
    );
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/services/seo">');
    // The data and the structured data cannot close their blocks early.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const api = await app.inject({ url: '/api/services/seo' });
    expect(landingData(html)).toEqual({ queryKey: ['services', 'seo'], data: api.json() });
  });

  it('gives crawlers and link previews the page as the app would, without running it', async () => {
    const html = (await landing('/services/seo')).body;
    const meta = (property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
    expect(meta('og:url')).toBe('http://localhost:3000/services/seo');
    expect(meta('og:site_name')).toBe(config.companyName);
    expect(meta('og:description')).toBe(
      'Be found. &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    // The feature photo is a vector: link previews get the site's own picture, absolute.
    expect(meta('og:image')).toBe('http://localhost:3000/og-image.png');
    const ld = /<script type="application\/ld\+json" id="structured-data">(.*?)<\/script>/s.exec(
      html,
    );
    const data = JSON.parse(ld![1]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'SEO & "Search"',
      url: 'http://localhost:3000/services/seo',
      provider: { name: config.companyName },
    });
    expect(data.offers.length).toBeGreaterThan(0);
    expect(data.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'AUD' });

    const about = (await landing('/about-us')).body;
    expect(about).toContain(`<title>About Us | ${config.companyName}</title>`);
    expect(about).toContain('content="We are a marketing agency that makes brands impossible');
    expect(about).toContain('<link rel="canonical" href="http://localhost:3000/about-us">');
    expect(about).not.toContain('application/ld+json');
  });

  it('preloads no picture when the gallery starts with a video', async () => {
    const html = (await landing('/services/video-first')).body;
    expect(html).not.toContain('as="image"');
    expect(landingData(html)?.queryKey).toEqual(['services', 'video-first']);
  });

  it('answers 404 for an unknown or archived service, with the app and without data', async () => {
    for (const url of ['/services/nothing-here', '/services/old']) {
      const res = await landing(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<title>We Make Noise.</title>');
      expect(res.body).not.toContain('landing-data');
      expect(res.body).not.toContain('rel="canonical"');
    }
  });

  it("answers the app's 404 for an address under /services that is another route of the API", async () => {
    for (const url of ['/services/search', '/services/manage', '/services/search/']) {
      const res = await landing(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('landing-data');
    }
  });

  it('writes a content page into its page', async () => {
    const res = await landing('/pages/work');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>Our Work | ${config.companyName}</title>`);
    expect(res.body).toContain('content="Our Work: Brand, Web."');
    expect(res.body).toContain('href="/assets/content-page-1.js"');
    expect(res.body).toContain('href="/assets/service-page-1.js"');
    expect(res.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/demo/brand.svg">',
    );
    expect(landingData(res.body)?.data.items).toHaveLength(2);
    expect((await landing('/pages/none')).statusCode).toBe(404);
  });

  it('preloads the home chunk on the home page and leaves other pages as built', async () => {
    const home = await landing('/');
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(home.body).not.toContain('landing-data');
    expect(home.body).toContain('rel="canonical"');
    const other = await landing('/dashboard/profile');
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('modulepreload');
  });

  it('compresses a page that never changes once, in the encoding the client prefers', async () => {
    const plain = await landing('/');
    const asked = (encoding: string) =>
      app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const again = await asked('gzip, deflate, br');
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await asked('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    const identity = await asked('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
    // A staff address keeps its own screen's chunks after another screen was answered.
    await asked('br');
    expect((await landing('/wkm-dashboard/reporting')).body).toContain('/assets/reporting-1.js');
    expect((await landing('/wkm-dashboard/sales')).body).not.toContain('/assets/reporting-1.js');
  });

  it("preloads a customer page's chunks, with no canonical address", async () => {
    const res = await landing('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">',
    );
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/format-1.js">');
    expect(res.body).not.toContain('rel="canonical"');
    expect(res.body).not.toContain('landing-data');
  });

  it("preloads the staff area's shell and the one screen an address opens, once each", async () => {
    const preloaded = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const sales = preloaded((await landing('/wkm-dashboard/sales')).body);
    expect(sales.sort()).toEqual(
      [
        '/assets/format-1.js',
        '/assets/sales-list-1.js',
        '/assets/staff-app-1.js',
        '/assets/staff-guard-1.js',
        '/assets/staff-table-1.js',
      ].sort(),
    );
    // The charts only with Reporting; an unknown staff address gets the shell alone.
    expect(preloaded((await landing('/wkm-dashboard/reporting')).body)).toContain(
      '/assets/reporting-1.js',
    );
    const unknown = preloaded((await landing('/wkm-dashboard/nothing-here')).body);
    expect(unknown).toContain('/assets/staff-app-1.js');
    expect(unknown).not.toContain('/assets/reporting-1.js');
    expect(unknown).not.toContain('/assets/sales-list-1.js');
  });

  it('writes titles and descriptions with $ patterns in literally, once', async () => {
    const template = await landing('/dashboard/profile');
    const escaped = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    for (const url of ['/services/dollars', '/pages/dollars-page']) {
      const res = await landing(url);
      expect(res.statusCode, url).toBe(200);
      const html = res.body;
      expect(html.match(/<title>/g), url).toHaveLength(1);
      expect(html.match(/<\/head>/g), url).toHaveLength(1);
      expect(html.match(/<meta property="og:title"/g), url).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), url).toHaveLength(1);
      expect(html, url).toContain(`<title>${escaped(DOLLARS)} | ${config.companyName}</title>`);
      expect(html, url).toContain(
        `<meta property="og:title" content="${escaped(DOLLARS)} | ${config.companyName}" />`,
      );
      // The page grows by what is written in, not by copies of itself.
      expect(html.length, url).toBeLessThan(template.body.length + 4_000);
      expect(landingData(html)?.data.title, url).toBe(DOLLARS);
    }
    const service = (await landing('/services/dollars')).body;
    expect(service).toContain(
      `<meta name="description" content="${escaped(`Costs $$ and $& and $\` and $' and $1 & "more".`)}" />`,
    );
    expect(service).toContain('href="/demo/dollars-$&amp;.svg"');
    const page = (await landing('/pages/dollars-page')).body;
    expect(page).toContain(
      `<meta name="description" content="${escaped(`${DOLLARS}: Item $', Item $\` $&.`)}" />`,
    );
  });

  it('does not serve the build manifest', async () => {
    expect((await landing('/.vite/manifest.json')).statusCode).toBe(404);
  });
});
