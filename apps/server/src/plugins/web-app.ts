import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendCached } from '../lib/response-cache.ts';
import { createLandingPages, type PageRenderer } from './landing-pages.ts';
import { allowedMethodsOf } from './method-not-allowed.ts';

/**
 * Pages whose address carries a secret (a sign-in token, a reset token, a link ticket): no
 * Referer at all, even to our own files, and the page removes it from the address bar.
 */
const NO_REFERRER_PAGES = new Set([
  '/auth-success',
  '/reset-password',
  '/sign-in-link',
  '/claim-order',
  '/verify-email',
]);

const HTML = 'text/html; charset=utf-8';

/**
 * The web build's server renderer (apps/web/src/entry-server.tsx, built into dist/.ssr), or
 * undefined when the build has none: the browser then draws every page.
 */
async function loadRenderer(distDir: string): Promise<PageRenderer | undefined> {
  const file = path.join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/**
 * Serves the built web app: hashed assets with immutable caching, other files for a day, and
 * index.html (never cached) for every client route. Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  site: {
    companyName: () => string;
    publicUrl: string;
    onCatalogueChange?: (listener: () => void) => void;
  },
) {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  const landingPage =
    distDir && indexHtml
      ? createLandingPages(app, {
          ...site,
          distDir,
          indexHtml: indexHtml.toString('utf8'),
          renderer: await loadRenderer(distDir),
        })
      : undefined;

  if (distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset: sent as the client accepts them.
      preCompressed: true,
      // The server answers robots.txt and sitemap.xml itself (modules/seo): a copy in the build
      // must not clash; the compressed copies are not addresses of their own.
      // The server's renderer (.ssr) is never sent.
      globIgnore: ['robots.txt', 'sitemap.xml', '**/*.br', '**/*.gz', '.vite/**', '.ssr/**'],
      setHeaders(reply, filePath) {
        const rel = path.relative(distDir, filePath);
        reply.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400',
        );
      },
    });
  }

  // The encodings of a page compressed ahead (landing-pages.ts), as the client prefers them.
  const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A known path asked with a method it does not have (docs/decisions/072-openapi-document.md).
    const allowed = allowedMethodsOf(app, request.method, request.url);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          statusCode: 405,
          error: 'method_not_allowed',
          message: `${request.method} is not allowed on ${pathname}; it takes ${allowed.join(', ')}`,
          requestId: request.id,
        });
    }
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (pathname === '/api' || pathname.startsWith('/api/') || !wantsPage || !indexHtml) {
      return reply.status(404).send({
        statusCode: 404,
        error: 'not_found',
        message: `No route ${request.method} ${pathname}`,
        requestId: request.id,
      });
    }
    // A missing file with an extension (an old hashed asset) is a real 404, not the app.
    if (/\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    // An invoice's pay link and a declined renewal's card link carry their signature
    // (docs/decisions/093, 105) as well.
    const bare = pathname.replace(/\/+$/, '');
    if (
      NO_REFERRER_PAGES.has(bare) ||
      bare.startsWith('/pay/invoice/') ||
      bare.startsWith('/renew-card/')
    ) {
      reply.header('referrer-policy', 'no-referrer');
    }
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const landing = await landingPage?.(pathname, query);
    if (landing?.cached) return sendCached(request, reply, landing.cached, HTML);
    reply
      .status(landing?.status ?? 200)
      .type(HTML)
      .header('cache-control', 'no-cache');
    if (!landing?.encoded) return reply.send(landing?.html ?? indexHtml);
    const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
    if (!encoding) return reply.header('vary', 'accept-encoding').send(landing.html);
    return reply
      .header('vary', 'accept-encoding')
      .header('content-encoding', encoding)
      .send(landing.encoded[encoding]);
  });
}
