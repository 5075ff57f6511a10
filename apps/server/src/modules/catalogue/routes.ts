import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  industrySchema,
  pageSchema,
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedEntrySchema,
  SEARCH_MAX_QUERY_LENGTH,
  SEARCH_MAX_RESULTS,
  serviceSchema,
  serviceSearchResultSchema,
} from '@noise/shared/catalogue';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { cacheableJson } from './http-cache.ts';
import { openOwnPdf, resolveOwnFileUrl, type UploadSource } from './own-files.ts';
import type { CatalogueRepository } from './repository.ts';

/** How long browsers and proxies may reuse a public catalogue answer without asking again. */
const CATALOGUE_MAX_AGE_SECONDS = 60;

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
    publicUrl: string;
    uploads: UploadSource;
    demoRoots: readonly string[];
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = deps;
  const cached = cacheableJson(CATALOGUE_MAX_AGE_SECONDS);

  r.get(
    '/api/services',
    {
      config: { access: 'public' },
      onSend: cached,
      schema: {
        tags: ['catalogue'],
        summary: 'Services on the site, by title',
        response: { 200: z.array(serviceSummarySchema) },
      },
    },
    async () => catalogue.listServices(),
  );

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
        response: { 200: z.array(serviceSearchResultSchema) },
      },
    },
    async (request) => {
      const term = normaliseSearchTerm(request.query.q ?? '');
      if (!term) return [];
      return catalogue.searchServices(term, SEARCH_MAX_RESULTS);
    },
  );

  r.get(
    '/api/services/:id',
    {
      config: { access: 'public' },
      onSend: cached,
      schema: {
        tags: ['catalogue'],
        summary: 'A service with its packages, extras, FAQs and media',
        params: idParams,
        response: { 200: serviceSchema },
      },
    },
    async (request) => {
      const service = await catalogue.findService(request.params.id);
      if (!service) throw notFound('Service not found');
      return service;
    },
  );

  r.get(
    '/api/pages',
    {
      config: { access: 'public' },
      onSend: cached,
      schema: {
        tags: ['catalogue'],
        summary: 'Content pages, by title',
        response: { 200: z.array(pageSchema.pick({ _id: true, title: true })) },
      },
    },
    async () => catalogue.listPages(),
  );

  r.get(
    '/api/pages/:id',
    {
      config: { access: 'public' },
      onSend: cached,
      schema: {
        tags: ['catalogue'],
        summary: 'A content page with its items',
        params: idParams,
        response: { 200: pageSchema },
      },
    },
    async (request) => {
      const page = await catalogue.findPage(request.params.id);
      if (!page) throw notFound('Page not found');
      return page;
    },
  );

  r.get(
    '/api/industries',
    {
      config: { access: 'public' },
      onSend: cached,
      schema: {
        tags: ['catalogue'],
        summary: 'Industries for the home page grid',
        response: { 200: z.array(industrySchema) },
      },
    },
    async () => catalogue.listIndustries(),
  );

  r.post(
    '/api/users/recently-viewed',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['catalogue'],
        summary: 'Record that the caller viewed a service',
        security: [{ bearer: [] }],
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
        security: [{ bearer: [] }],
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
