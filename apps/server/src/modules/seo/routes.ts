import type { FastifyInstance } from 'fastify';
import { cacheableJson } from '../../lib/http-cache.ts';
import type { CatalogueRepository } from '../catalogue/repository.ts';
import { buildRobotsTxt, buildSitemapXml } from './documents.ts';

/** Crawlers may come back for these often, but an hour-old copy is fine. */
const SEO_MAX_AGE_SECONDS = 3600;

/**
 * robots.txt and sitemap.xml, outside /api because crawlers look for them at the site root.
 * They are routes of their own, so they win over the web app's client-route fallback.
 */
export function registerSeoRoutes(
  app: FastifyInstance,
  deps: { catalogue: CatalogueRepository; publicUrl: string },
) {
  const cached = cacheableJson(SEO_MAX_AGE_SECONDS);
  const robots = buildRobotsTxt(deps.publicUrl);

  app.get('/robots.txt', { schema: { hide: true }, onSend: cached }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true }, onSend: cached }, async (_request, reply) => {
    const [services, pages] = await Promise.all([
      deps.catalogue.listServices(),
      deps.catalogue.listPages(),
    ]);
    const xml = buildSitemapXml(deps.publicUrl, [
      '/',
      ...services.map((s) => `/services/${encodeURIComponent(s._id)}`),
      ...pages.map((p) => `/pages/${encodeURIComponent(p._id)}`),
    ]);
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
}
