import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { SEARCH_MAX_QUERY_LENGTH, type Page, type Service } from '@noise/shared/catalogue';
import { companyPages } from '@noise/shared/company-page-list';
import { companyPageLeads } from '@noise/shared/company-page-leads';
import type { CompanyPage } from '@noise/shared/company-pages';
import { GALLERY_IMAGE_SIZES, PAGE_ITEM_IMAGE_SIZES, responsiveImage } from '@noise/shared/images';
import { buildServiceStructuredData } from '@noise/shared/structured-data';
import { staffScreenAt, staffScreens, type StaffScreenName } from '@noise/shared/staff-screens';
import { APP_START_SCRIPT } from '../lib/app-start.ts';
import { createResponseCache, type CachedBody } from '../lib/response-cache.ts';

/**
 * A visitor's first page is the app's index.html. For the pages people land on from search and
 * shared links (home, a service, a content page) the server writes into it what the app would
 * otherwise learn one step at a time: the page's own script chunks (modulepreload), its first
 * picture (preload), its data (a JSON block the app reads before its first render), and its real
 * title, description, canonical address, Open Graph tags and (for a service) schema.org data, so
 * crawlers and link previews read them without running the app. An unknown service
 * or page answers 404 with the app, which shows its not-found view. A customer's dashboard and
 * project list get their chunks preloaded too: the app checks the session before it asks for them.
 */

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Where the web app's build keeps the chunks of each landing route. */
interface RouteChunks {
  home: string[];
  service: string[];
  page: string[];
  dashboard: string[];
  projects: string[];
  /** The public addresses few visits start on (apps/web/src/app/more-routes.tsx). */
  more: string[];
  /** The search results page, with `more`. */
  search: string[];
  /** The staff area's shell and guard. */
  staff: string[];
  /** Each staff screen's own chunks, by name (@noise/shared/staff-screens). */
  staffScreens: Map<StaffScreenName, string[]>;
}

/** The landing pages' chunks, from Vite's build manifest, without those the entry already loads. */
export function readRouteChunks(distDir: string): RouteChunks {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    return {
      home: [],
      service: [],
      page: [],
      dashboard: [],
      projects: [],
      more: [],
      search: [],
      staff: [],
      staffScreens: new Map(),
    };
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.entries(manifest);
  const entryKeys = new Set(entries.filter(([, chunk]) => chunk.isEntry).map(([key]) => key));
  const loadedWithEntry = new Set<string>();
  for (const key of entryKeys) collect(key, loadedWithEntry, new Set());

  function collect(key: string, into: Set<string>, skip: Set<string>) {
    if (into.has(key) || skip.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dependency of manifest[key].imports ?? []) collect(dependency, into, skip);
  }
  function chunksOf(find: (key: string, chunk: ManifestChunk) => boolean): string[] {
    const start = entries.find(([key, chunk]) => find(key, chunk))?.[0];
    if (!start) return [];
    const keys = new Set<string>();
    collect(start, keys, loadedWithEntry);
    return [...keys].map((key) => `/${manifest[key]!.file}`);
  }
  return {
    home: chunksOf((key) => key === 'src/features/storefront/routes/home.tsx'),
    // The service route shares a named chunk with its gallery and tabs (vite.config.ts).
    service: chunksOf((_key, chunk) => chunk.name === 'service-page' && !chunk.src),
    page: chunksOf((key) => key === 'src/features/storefront/routes/content-page.tsx'),
    // The customer area's routes (one chunk), then the page's own.
    dashboard: [
      ...new Set([
        ...chunksOf((key) => key === 'src/app/customer-area.tsx'),
        ...chunksOf((key) => key === 'src/features/customer/routes/dashboard.tsx'),
      ]),
    ],
    projects: [
      ...new Set([
        ...chunksOf((key) => key === 'src/app/customer-area.tsx'),
        ...chunksOf((key) => key === 'src/features/customer/routes/projects.tsx'),
      ]),
    ],
    more: chunksOf((key) => key === 'src/app/more-routes.tsx'),
    search: [
      ...new Set([
        ...chunksOf((key) => key === 'src/app/more-routes.tsx'),
        ...chunksOf((key) => key === 'src/features/storefront/routes/search-results.tsx'),
      ]),
    ],
    staff: [
      ...new Set([
        ...chunksOf((key) => key === 'src/app/staff-guard.tsx'),
        ...chunksOf((key) => key === 'src/features/staff/routes/staff-app.tsx'),
      ]),
    ],
    staffScreens: new Map(
      staffScreens.map((screen) => [
        screen.name,
        chunksOf((key) => key === `src/${screen.module}`),
      ]),
    ),
  };
}

interface Landing {
  status: number;
  /**
   * The same for every visit to this kind of address (no data read for it): rendered and
   * compressed once, kept under this key. Only a few such keys exist.
   */
  fixed?: string;
  /** A public page: say its canonical address. */
  canonical?: boolean;
  /** Keep it out of search engines' results (the site's own search results). */
  noindex?: boolean;
  title?: string;
  description?: string;
  /** The picture shared links show; a raster image, made absolute. */
  shareImage?: string;
  /** schema.org JSON-LD (the app keeps it, see useStructuredData). */
  structuredData?: object;
  scripts: string[];
  image?: { src: string; srcSet?: string; sizes?: string };
  /** The answers the page is drawn with: the app puts them into its query cache first. */
  queries?: SeededQuery[];
  /** A public page whose markup the server draws (when the build has its renderer). */
  drawn?: boolean;
}

/** One query's answer, under the key the app's query cache keeps it (apps/web/src/entry-server.tsx). */
export interface SeededQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** The web build's server renderer (apps/web/src/entry-server.tsx). */
export interface PageRenderer {
  render(url: string, queries: readonly SeededQuery[]): Promise<string>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that cannot end its <script> block early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** One record (an object with its id or slug), not a list or another route's answer. */
function isRecord(body: unknown, key: '_id' | 'slug'): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    typeof (body as Record<string, unknown>)[key] === 'string'
  );
}

function decodeId(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export function createLandingPages(
  app: FastifyInstance,
  options: {
    indexHtml: string;
    distDir: string;
    /** Asked at each page: the business name may change while the server runs. */
    companyName: () => string;
    publicUrl: string;
    /** Draws the public pages' markup; without it the browser draws them. */
    renderer?: PageRenderer;
    /** Calls the listener whenever the public catalogue's cached answers or the business name change. */
    onCatalogueChange?: (listener: () => void) => void;
  },
) {
  const chunks = readRouteChunks(options.distDir);
  const titled = (title: string) => `${title} | ${options.companyName()}`;

  /**
   * The public API's own answer, so a landing page shows exactly what the app would fetch. An
   * address that is not one record (`/services/search` reaches the search route, `/services/manage`
   * a staff route) answers 404 like an unknown id: only a failure of the server itself keeps 200,
   * for the app to try again.
   */
  async function fetchPublic<T>(
    url: string,
    key: '_id' | 'slug' = '_id',
  ): Promise<{ status: number; body?: T }> {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (res.statusCode >= 500) return { status: res.statusCode };
    if (res.statusCode !== 200) return { status: 404 };
    const body = res.json<unknown>();
    return isRecord(body, key) ? { status: 200, body: body as T } : { status: 404 };
  }

  /** A public answer as JSON, or undefined when the server could not give it. */
  async function fetchAnswer(url: string): Promise<unknown> {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return res.statusCode === 200 ? res.json<unknown>() : undefined;
  }

  /**
   * A record's page: its answer, and, when the server draws it, the header's links too (the app
   * would otherwise draw the starting links first and the shop's own a moment later).
   */
  async function withNavigation(record: SeededQuery): Promise<Pick<Landing, 'queries' | 'drawn'>> {
    if (!options.renderer) return { queries: [record] };
    const shell = await shellQueries();
    if (!shell) return { queries: [record] };
    return { queries: [record, ...shell], drawn: true };
  }

  /**
   * What every drawn page's header and footer read: the navigation, and the site's settings (its
   * name, logo and legal links), so the page is drawn with the shop's own and not a moment later.
   */
  async function shellQueries(): Promise<SeededQuery[] | undefined> {
    const [navigation, config] = await Promise.all([
      fetchAnswer('/api/navigation'),
      fetchAnswer('/api/config'),
    ]);
    if (navigation === undefined || config === undefined) return undefined;
    return [
      { queryKey: ['navigation'], data: navigation },
      { queryKey: ['config'], data: config },
    ];
  }

  async function describe(pathname: string, query = ''): Promise<Landing | undefined> {
    if (pathname === '/search') {
      const q = searchTerm(query);
      const shell = options.renderer ? await shellQueries() : undefined;
      const results = q
        ? await fetchAnswer(`/api/services/search?q=${encodeURIComponent(q)}`)
        : undefined;
      const queries: SeededQuery[] = [...(shell ?? [])];
      if (results !== undefined)
        queries.push({ queryKey: ['services', 'search', q], data: results });
      return {
        status: 200,
        noindex: true,
        title: titled(q ? `Search results for “${q}”` : 'Search services'),
        scripts: chunks.search,
        queries,
        drawn: shell !== undefined && (!q || results !== undefined),
      };
    }
    if (MORE_ROUTES.test(pathname)) return { status: 200, fixed: 'more', scripts: chunks.more };
    if (pathname === '/') {
      if (!options.renderer) {
        return { status: 200, fixed: 'home', canonical: true, scripts: chunks.home };
      }
      const [shell, industries] = await Promise.all([
        shellQueries(),
        fetchAnswer('/api/industries'),
      ]);
      return {
        status: 200,
        canonical: true,
        scripts: chunks.home,
        drawn: shell !== undefined && industries !== undefined,
        queries: [...(shell ?? []), { queryKey: ['industries'], data: industries }],
      };
    }
    // The staff area: its shell and the screen it opens on load with the entry, not after it.
    if (/^\/wkm-dashboard(\/|$)/.test(pathname)) {
      const screen = staffScreenAt(pathname);
      const own = screen ? (chunks.staffScreens.get(screen.name) ?? []) : [];
      return {
        status: 200,
        fixed: `staff:${screen?.name ?? ''}`,
        scripts: [...new Set([...chunks.staff, ...own])],
      };
    }
    // A customer's own pages: the app checks the session first; their code need not wait for it.
    if (/^\/dashboard\/?$/.test(pathname)) {
      return { status: 200, fixed: 'dashboard', scripts: chunks.dashboard };
    }
    if (/^\/dashboard\/projects\/?$/.test(pathname)) {
      return { status: 200, fixed: 'projects', scripts: chunks.projects };
    }

    const service = /^\/services\/([^/]+)\/?$/.exec(pathname);
    if (service) {
      const id = decodeId(service[1]!);
      if (!id) return { status: 404, scripts: chunks.service };
      const res = await fetchPublic<Service>(`/api/services/${encodeURIComponent(id)}`);
      if (!res.body) return { status: res.status === 404 ? 404 : 200, scripts: chunks.service };
      const data = res.body;
      // The gallery shows videos first; a picture is its largest content only without them.
      const firstImage = data.featureVideos.some((video) => video.url)
        ? undefined
        : data.gallery.find(Boolean);
      return {
        status: 200,
        canonical: true,
        title: titled(data.title),
        description: data.description.slice(0, 300) || undefined,
        // Social sites show raster pictures only (as the app's usePageMeta).
        shareImage: /\.(png|jpe?g|webp)$/i.test(data.featurePhoto) ? data.featurePhoto : undefined,
        structuredData: buildServiceStructuredData(data, {
          url: `${options.publicUrl}/services/${encodeURIComponent(data._id)}`,
          publicUrl: options.publicUrl,
          companyName: options.companyName(),
        }),
        scripts: chunks.service,
        image: firstImage ? responsiveImage(firstImage, GALLERY_IMAGE_SIZES) : undefined,
        ...(await withNavigation({ queryKey: ['services', id], data })),
      };
    }

    const page = /^\/pages\/([^/]+)\/?$/.exec(pathname);
    if (page) {
      const id = decodeId(page[1]!);
      if (!id) return { status: 404, scripts: chunks.page };
      const res = await fetchPublic<Page>(`/api/pages/${encodeURIComponent(id)}`);
      if (!res.body) return { status: res.status === 404 ? 404 : 200, scripts: chunks.page };
      const data = res.body;
      const firstPhoto = data.items[0]?.featurePhoto;
      return {
        status: 200,
        canonical: true,
        title: titled(data.title),
        description: data.items.length
          ? `${data.title}: ${data.items.map((item) => item.title).join(', ')}.`.slice(0, 300)
          : undefined,
        scripts: chunks.page,
        shareImage: firstPhoto && /\.(png|jpe?g|webp)$/i.test(firstPhoto) ? firstPhoto : undefined,
        image: firstPhoto ? responsiveImage(firstPhoto, PAGE_ITEM_IMAGE_SIZES) : undefined,
        ...(await withNavigation({ queryKey: ['pages', id], data })),
      };
    }

    // About Us, Terms of Service and the other company pages: their own title and lead.
    const company = companyPages.find((p) => pathname.replace(/\/$/, '') === `/${p.slug}`);
    if (company) {
      const res = await fetchPublic<CompanyPage>(`/api/company-pages/${company.slug}`, 'slug');
      const page = res.body;
      return {
        status: 200,
        canonical: true,
        title: titled(page?.title || company.title),
        description: companyPageLeads[company.slug],
        scripts: [],
      };
    }
    return undefined;
  }

  // Every insertion below goes through a replacer function: a string replacement would read
  // `$&`, `$'`, `` $` `` and `$1` in a title, description or the data block as patterns and
  // copy parts of the page into itself.
  function render(landing: Landing, pathname: string, markup?: string): string {
    let html = options.indexHtml;
    if (landing.title) {
      const title = escapeHtml(landing.title);
      html = html
        .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
        .replace(
          /(<meta\s+property="og:title"\s+content=")[^"]*(")/,
          (_match, open: string, close: string) => `${open}${title}${close}`,
        );
    }
    if (landing.description) {
      const description = escapeHtml(landing.description);
      html = html.replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_match, open: string, close: string) => `${open}${description}${close}`,
      );
    }
    // Link previews need absolute addresses: the picture, and the page itself.
    const shareImage = new URL(landing.shareImage ?? '/og-image.png', `${options.publicUrl}/`).href;
    html = html.replace(
      /(<meta\s+property="og:image"\s+content=")[^"]*(")/,
      (_match, open: string, close: string) => `${open}${escapeHtml(shareImage)}${close}`,
    );
    // A page drawn here is readable at once: the app's code starts loading once its pictures
    // have (lib/app-start.ts), and then its own chunks with it.
    const entry = markup === undefined ? undefined : ENTRY_SCRIPT.exec(html);
    const tags = entry
      ? []
      : landing.scripts.map(
          (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
        );
    if (entry) {
      // The entry's own imports, which the build preloads from index.html, wait with it.
      const imports: string[] = [];
      html = html
        .replace(entry[0], () => `<script type="module">${APP_START_SCRIPT}</script>`)
        .replace(MODULE_PRELOAD, (_tag, href: string) => {
          imports.push(href);
          return '';
        });
      const code = { entry: entry[1], chunks: [...imports, ...landing.scripts] };
      tags.push(`<script type="application/json" id="app-code">${scriptJson(code)}</script>`);
    }
    if (landing.description) {
      tags.push(`<meta property="og:description" content="${escapeHtml(landing.description)}">`);
    }
    if (landing.canonical) {
      tags.push(
        `<meta property="og:url" content="${escapeHtml(options.publicUrl + pathname)}">`,
        `<meta property="og:site_name" content="${escapeHtml(options.companyName())}">`,
      );
    }
    if (landing.structuredData) {
      tags.push(
        `<script type="application/ld+json" id="structured-data">${scriptJson(landing.structuredData)}</script>`,
      );
    }
    if (landing.image) {
      const { src, srcSet, sizes } = landing.image;
      tags.push(
        `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}"` +
          (srcSet
            ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes ?? '')}"`
            : '') +
          '>',
      );
    }
    if (landing.noindex) tags.push('<meta name="robots" content="noindex">');
    if (landing.canonical) {
      tags.push(`<link rel="canonical" href="${escapeHtml(options.publicUrl + pathname)}">`);
    }
    if (landing.queries?.length) {
      tags.push(
        `<script type="application/json" id="landing-data">${scriptJson(landing.queries)}</script>`,
      );
    }
    if (markup !== undefined) {
      html = html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
    }
    return tags.length ? html.replace('</head>', () => `${tags.join('')}</head>`) : html;
  }

  const fixedAnswers = new Map<string, LandingAnswer>();

  /**
   * The public pages the server draws, whole, under their address: a visit is a map lookup. They
   * are forgotten with the catalogue's answers they were drawn from (the same staff writes and
   * NOTIFY), and after a minute at most, like those answers.
   */
  // A service page is about 33 KB of HTML and 6 KB compressed, and draws again in about 8 ms: a
  // thousand of them hold about 45 MB at most.
  const drawnPages = createResponseCache({
    maxEntries: 1000,
    maxAgeMs: CATALOGUE_MAX_AGE_MS,
    cacheControl: 'no-cache',
  });
  // Search terms are anyone's choice: their pages get a room of their own, so a stream of new
  // terms can only push out other searches (as the catalogue's cache keeps its answers).
  const drawnSearches = createResponseCache({
    maxEntries: 500,
    maxAgeMs: CATALOGUE_MAX_AGE_MS,
    cacheControl: 'no-cache',
  });
  options.onCatalogueChange?.(() => {
    drawnPages.clear();
    drawnSearches.clear();
  });

  async function draw(pathname: string, query: string): Promise<CachedBody | null> {
    const search = pathname === '/search';
    const q = search ? searchTerm(query) : '';
    const url = search && q ? `/search?q=${encodeURIComponent(q)}` : pathname;
    return (search ? drawnSearches : drawnPages).get(url, async () => {
      const landing = await describe(pathname, query);
      if (!landing?.drawn || landing.status !== 200 || !options.renderer) return null;
      const markup = await options.renderer.render(url, landing.queries ?? []);
      return render(landing, pathname, markup);
    });
  }

  /**
   * The index.html for this address (its path and its query string), with what the page needs
   * written in; undefined: as is.
   */
  return async function landingPage(
    pathname: string,
    query = '',
  ): Promise<LandingAnswer | undefined> {
    if (options.renderer && DRAWN_PAGES.test(pathname)) {
      const drawn = await draw(pathname, query);
      if (drawn) return { status: 200, html: drawn.body, cached: drawn };
    }
    const landing = await describe(pathname, query);
    if (!landing) return undefined;
    if (!landing.fixed) return { status: landing.status, html: render(landing, pathname) };
    let answer = fixedAnswers.get(landing.fixed);
    if (!answer) {
      const html = render(landing, pathname);
      answer = { status: landing.status, html, encoded: encodeOnce(html) };
      fixedAnswers.set(landing.fixed, answer);
    }
    return answer;
  };
}

/** The app's entry script in index.html, and the chunks it imports, which the build preloads. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The addresses whose pages the server draws: home, a service, a content page, search results. */
const DRAWN_PAGES = /^\/(services\/[^/]+\/?|pages\/[^/]+\/?|search)?$/;

/** Addresses of apps/web/src/app/more-routes.tsx (search has its own entry above). */
const MORE_ROUTES =
  /^\/(forgot-password|reset-password|sign-in-link|verify-email|auth-success|claim-order|payment|payment-success|invitations\/[^/]+|custom-quote\/[^/]+|pay\/invoice\/[^/]+)\/?$/;

/** The term of a search address's `q`, as the search answers it (cut, not refused, when long). */
function searchTerm(query: string): string {
  return (new URLSearchParams(query).get('q') ?? '').trim().slice(0, SEARCH_MAX_QUERY_LENGTH);
}

/** As the catalogue's answers (modules/catalogue/catalogue-cache.ts), which they are drawn from. */
const CATALOGUE_MAX_AGE_MS = 60_000;

export interface LandingAnswer {
  status: number;
  html: string;
  /** A page the server drew, kept until the catalogue changes: sent with its ETag. */
  cached?: CachedBody;
  /** For a page that never changes: its bytes compressed once, at the smallest settings. */
  encoded?: { br: Buffer; gzip: Buffer };
}

function encodeOnce(html: string): LandingAnswer['encoded'] {
  return {
    br: zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: zlib.gzipSync(html, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}
