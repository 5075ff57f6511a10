import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  industrySchema,
  pageSchema,
  pageSummarySchema,
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedEntrySchema,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MAX_RESULTS,
  serviceSchema,
  serviceSearchResultSchema,
} from '@noise/shared/catalogue';
import { notFound } from '../../lib/errors.ts';
import { sendCached } from '../../lib/response-cache.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  CATALOGUE_MAX_AGE_SECONDS,
  createCatalogueCache,
  SEARCH_PREFIX,
} from './catalogue-cache.ts';
import { siteNavigationSchema } from '@noise/shared/site-navigation';
import type { CatalogueManageRepository } from './manage-repository.ts';
import { readNavigation } from './navigation-links.ts';
import { openOwnPdf, resolveOwnFileUrl, type UploadSource } from './own-files.ts';
import type { CatalogueRepository } from './repository.ts';
import { createServiceSearch } from './search-index.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });
const serviceSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  featurePhoto: z.string(),
  basePrice: z.number(),
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The search term as we run it: well-formed, without control characters (PostgreSQL refuses a
 * NUL), trimmed, and cut to SEARCH_MAX_QUERY_LENGTH characters. A longer query is cut rather
 * than refused: a search box should never fail because someone pasted a paragraph.
 */
export function normaliseSearchTerm(q: string): string {
  const cleaned = q
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/\p{Cc}/gu, ' ')
    .trim();
  return Array.from(cleaned).slice(0, SEARCH_MAX_QUERY_LENGTH).join('').trim();
}

export function registerCatalogueRoutes(
  app: FastifyInstance,
  deps: {
    catalogue: CatalogueRepository;
    catalogueManage: CatalogueManageRepository;
    publicUrl: string;
    uploads: UploadSource;
    demoRoots: readonly string[];
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = deps;
  // Public answers are serialized once and kept until a staff write (catalogue-cache.ts).
  const cache = createCatalogueCache({ database: app.database, log: app.log });
  app.decorate('catalogueCache', cache);
  // New search terms are answered from memory (search-index.ts), rebuilt after any change.
  const serviceSearch = createServiceSearch({
    load: () => catalogue.listSearchableTitles(),
    fallback: (term, limit) => catalogue.searchServices(term, limit),
    score: (term, ids) => catalogue.scoreServices(term, ids),
    maxAgeMs: CATALOGUE_MAX_AGE_SECONDS * 1000,
  });
  cache.onClear(() => serviceSearch.invalidate());
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());

  const serviceList = z.array(serviceSummarySchema);
  r.get(
    '/api/services',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Services on the site, by title',
        response: { 200: serviceList },
      },
    },
    async (request, reply) => {
      const entry = await cache.get('services', serviceList, () => catalogue.listServices());
      return sendCached(request, reply, entry!);
    },
  );

  const searchResults = z.array(serviceSearchResultSchema);
  // A static path: the router prefers it to /api/services/:id, so 'search' is never an id.
  r.get(
    '/api/services/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Search services by title',
        description:
          `Case-insensitive; exact, prefix and substring matches first, then similar titles ` +
          `(typos). At most ${SEARCH_MAX_RESULTS} results. An empty query answers []; a query ` +
          `longer than ${SEARCH_MAX_QUERY_LENGTH} characters is cut to that length.`,
        querystring: z.object({
          q: z.string().max(10_000, 'The search query is too long').optional(),
        }),
        response: { 200: searchResults },
      },
    },
    async (request, reply) => {
      const term = normaliseSearchTerm(request.query.q ?? '');
      if (!term) return [];
      const entry = await cache.get(`${SEARCH_PREFIX}${term.toLowerCase()}`, searchResults, () =>
        serviceSearch.search(term, SEARCH_MAX_RESULTS),
      );
      return sendCached(request, reply, entry!);
    },
  );

  r.get(
    '/api/services/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'A service with its packages, extras, FAQs and media',
        params: idParams,
        response: { 200: serviceSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await cache.get(`service:${id}`, serviceSchema, () =>
        catalogue.findService(id),
      );
      if (!entry) throw notFound('Service not found');
      return sendCached(request, reply, entry);
    },
  );

  const pageList = z.array(pageSummarySchema);
  r.get(
    '/api/pages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Content pages, by title',
        response: { 200: pageList },
      },
    },
    async (request, reply) => {
      const entry = await cache.get('pages', pageList, () => catalogue.listPages());
      return sendCached(request, reply, entry!);
    },
  );

  r.get(
    '/api/pages/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'A content page with its items',
        params: idParams,
        response: { 200: pageSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await cache.get(`page:${id}`, pageSchema, () => catalogue.findPage(id));
      if (!entry) throw notFound('Page not found');
      return sendCached(request, reply, entry);
    },
  );

  const industryList = z.array(industrySchema);
  r.get(
    '/api/industries',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'Industries for the home page grid',
        response: { 200: industryList },
      },
    },
    async (request, reply) => {
      const entry = await cache.get('industries', industryList, () => catalogue.listIndustries());
      return sendCached(request, reply, entry!);
    },
  );

  r.get(
    '/api/navigation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: "The header's links and the footer's services, as staff set them",
        response: { 200: siteNavigationSchema },
      },
    },
    async (request, reply) => {
      const entry = await cache.get('navigation', siteNavigationSchema, () =>
        readNavigation(deps.catalogueManage),
      );
      return sendCached(request, reply, entry!);
    },
  );

  r.post(
    '/api/users/recently-viewed',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['catalogue'],
        summary: 'Record that the caller viewed a service',
        body: z.object({ serviceId: z.string().min(1).max(200) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const recorded = await catalogue.recordView(
        user.id,
        request.body.serviceId,
        RECENTLY_VIEWED_LIMIT,
      );
      if (!recorded) throw notFound('Service not found');
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/users/recently-viewed',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['catalogue'],
        summary: "The caller's recently viewed services, newest first",
        response: { 200: z.array(recentlyViewedEntrySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return catalogue.listRecentlyViewed(requireUser(request).id, RECENTLY_VIEWED_LIMIT);
    },
  );

  r.get(
    '/api/pdf',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'One of our own PDF files (a comparison sheet), for the in-page viewer',
        description:
          'Serves only /uploads/... files of our file store and the shipped /demo/... files, ' +
          'given as a path or a URL on this site. Never fetches another site.',
        querystring: z.object({
          url: z.string({ error: 'Give the address of a PDF file in the url parameter' }),
        }),
      },
    },
    async (request, reply) => {
      const file = resolveOwnFileUrl(request.query.url, deps.publicUrl);
      const pdf = await openOwnPdf(file, { uploads: deps.uploads, demoRoots: deps.demoRoots });
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdf.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300');
      if (pdf.size !== undefined) reply.header('content-length', pdf.size);
      return reply.send(pdf.body);
    },
  );
}
