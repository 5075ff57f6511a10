import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { industrySchema, pageSchema } from '@noise/shared/catalogue';
import {
  manageServiceSchema,
  manageServiceSummarySchema,
  SERVICE_UPLOAD_LIMITS,
} from '@noise/shared/catalogue-admin';
import { toDollars } from '@noise/shared/pricing';
import { siteNavigationSchema } from '@noise/shared/site-navigation';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { notFound } from '../../lib/errors.ts';
import { sendCached } from '../../lib/response-cache.ts';
import { readMultipart, type FileFieldRule, type MultipartBody } from '../../lib/multipart.ts';
import type { SavedUpload } from '../../lib/uploads.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UploadForm } from '../../plugins/openapi.ts';
import { deleteIndustry, saveIndustry } from './manage-industry.ts';
import { deletePage, savePage } from './manage-page.ts';
import { readNavigation, saveNavigation } from './navigation-links.ts';
import {
  deleteService,
  loadManagedService,
  saveService,
  type ManageDeps,
} from './manage-service.ts';
import {
  PAGE_ITEM_PHOTO_FIELDS,
  readIndustryForm,
  readPageForm,
  readServiceForm,
} from './read-forms.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });
const noContent = { 204: z.null() };
const multipartForm = ['multipart/form-data'];

const SERVICE_FILES: Record<string, FileFieldRule> = {
  featurePhoto: { accept: ['image'] },
  comparisonPdf: { accept: ['pdf'] },
  gallery: { accept: ['image'], max: SERVICE_UPLOAD_LIMITS.gallery },
  featureVideos: { accept: ['video'], max: SERVICE_UPLOAD_LIMITS.featureVideos },
  featureVideoThumbnails: { accept: ['image'], max: SERVICE_UPLOAD_LIMITS.featureVideoThumbnails },
};
const PAGE_FILES: Record<string, FileFieldRule> = Object.fromEntries(
  PAGE_ITEM_PHOTO_FIELDS.map((name) => [name, { accept: ['image'] }]),
);
const INDUSTRY_FILES: Record<string, FileFieldRule> = { featurePhoto: { accept: ['image'] } };

/** The forms as the OpenAPI document shows them (SERVICE_FORM_DESCRIPTION says the rest). */
const SERVICE_FORM: UploadForm = {
  fields: {
    title: 'Up to 200 characters; required on create.',
    description: 'What the service is.',
    initialInvestmentDescription: 'What the initial investment pays for.',
    paymentType: 'How it is paid, in words.',
    deliveryDays: 'Delivery time in working days.',
    packages:
      'JSON: [{_id?, title, type: one-time|weekly|fortnightly|monthly|quarterly|yearly, baseCost, recurringCost, priceSuffix, features}] (dollars).',
    serviceExtras: 'JSON: [{_id?, title, description, price}] (dollars).',
    faqs: 'JSON: [{question, answer}].',
    intakeQuestions: "JSON: the questions the customer's brief asks.",
    gallery: 'JSON: the existing image URLs to keep, in order.',
    featureVideos: 'JSON: the existing [{url, thumbnailUrl}] to keep, in order.',
    featureVideoThumbnailFor:
      'JSON: for each thumbnail file, the index of the new video it is for.',
    featurePhoto: "'' removes the current photo.",
    comparisonPdf: "'' removes the current PDF.",
  },
  files: SERVICE_FILES,
};
const PAGE_FORM: UploadForm = {
  fields: {
    title: 'Up to 200 characters.',
    'items[0][title]': "The first item's title.",
    'items[0][link]': 'A path starting with / or an http(s) address.',
    'items[0][featurePhotoUrl]': "The item's current photo, kept when no new file is sent.",
  },
  files: { 'items[0][featurePhoto]': { accept: ['image'] } },
  required: ['title'],
  otherFields: 'items[1][title], items[1][link]… the next items, in index order.',
};
const INDUSTRY_FORM: UploadForm = {
  fields: {
    title: 'Up to 200 characters.',
    link: 'A path starting with / or an http(s) address.',
    featurePhoto: "'' removes the current photo.",
  },
  files: INDUSTRY_FILES,
  required: ['title', 'link'],
};

const SERVICE_FORM_DESCRIPTION = `Multipart form. Text: title (required on create), description,
initialInvestmentDescription, paymentType (the initial investment is taken from the packages). JSON text: packages
[{_id?, title, type: one-time|weekly|fortnightly|monthly|quarterly|yearly, baseCost, recurringCost, priceSuffix, features}],
serviceExtras [{_id?, title, description, price}], faqs [{question, answer}], gallery (existing
image URLs to keep, in order), featureVideos (existing [{url, thumbnailUrl}] to keep, in order),
featureVideoThumbnailFor (optional: for each thumbnail file, the index of the new video it
belongs to). Files: featurePhoto (image), comparisonPdf (PDF), gallery (images, appended),
featureVideos (videos, appended), featureVideoThumbnails (images). Without a new file, the text
field featurePhoto or comparisonPdf set to '' removes the current one. A field not sent keeps
its current value. Prices are dollars; packages and extras sent with their _id keep it.`;

/** Staff management of services, pages and industries (docs/product.md#staff-area). */
export function registerCatalogueAdminRoutes(
  app: FastifyInstance,
  deps: { repos: Repositories; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'catalogue:manage' as const;
  const cache = app.catalogueCache;
  /**
   * Every write forgets the cached public catalogue once its handler is done (committed or
   * failed) and before the answer leaves, so the very next public read sees the change. Only a
   * request that got as far as its handler counts: a refused one (signed out, no permission, rate
   * limited, invalid) must not be a way to empty every process's cache.
   */
  const reachedHandler = new WeakSet<FastifyRequest>();
  const invalidates = {
    preHandler: async (request: FastifyRequest) => {
      reachedHandler.add(request);
    },
    onSend: async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
      if (reachedHandler.has(request)) await cache.invalidate();
      return payload;
    },
  };
  const tags = ['catalogue management'];
  const manage: ManageDeps = {
    repos: deps.repos,
    files: app.files,
    log: app.log,
    publicUrl: deps.config.publicUrl,
  };

  /**
   * Reads a multipart form, runs `save` with it, and removes this request's uploaded files if
   * anything fails, so a refused form leaves neither rows nor files behind.
   */
  async function withForm<T>(
    request: FastifyRequest,
    files: Record<string, FileFieldRule>,
    save: (body: MultipartBody) => Promise<T>,
  ): Promise<T> {
    const body = await readMultipart(request, {
      store: app.files,
      limits: deps.config.uploadLimits,
      files,
    });
    try {
      return await save(body);
    } catch (error) {
      await body.discard();
      throw error;
    }
  }

  // --- Services ---------------------------------------------------------------------------------

  r.get(
    '/api/services/manage',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every service for the staff list, archived ones included and flagged',
        response: { 200: z.array(manageServiceSummarySchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const rows = await deps.repos.catalogueManage.listServicesForStaff();
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        featurePhoto: row.featurePhotoUrl,
        basePrice: toDollars(row.basePriceCents),
        archived: row.archivedAt !== null,
        archivedAt: row.archivedAt?.toISOString() ?? null,
        orderCount: row.orderCount,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
  );

  r.get(
    '/api/services/:id/manage',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A service as the edit form loads it (archived ones too)',
        params: idParams,
        response: { 200: manageServiceSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return loadManagedService(deps.repos, request.params.id);
    },
  );

  r.post(
    '/api/services',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Create a service',
        description: SERVICE_FORM_DESCRIPTION,
        consumes: multipartForm,
        form: { ...SERVICE_FORM, required: ['title'] },
        response: { 201: manageServiceSchema },
      },
    },
    async (request, reply) => {
      const saved = await withForm(request, SERVICE_FILES, (body) =>
        saveService(manage, requireUser(request), null, readServiceForm(body.fields), {
          featurePhoto: body.files.featurePhoto?.[0],
          comparisonPdf: body.files.comparisonPdf?.[0],
          gallery: body.files.gallery ?? [],
          featureVideos: body.files.featureVideos ?? [],
          featureVideoThumbnails: body.files.featureVideoThumbnails ?? [],
        }),
      );
      return reply.status(201).send(saved);
    },
  );

  r.put(
    '/api/services/:id',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Update a service',
        description: SERVICE_FORM_DESCRIPTION,
        params: idParams,
        consumes: multipartForm,
        form: SERVICE_FORM,
        response: { 200: manageServiceSchema },
      },
    },
    async (request) =>
      withForm(request, SERVICE_FILES, (body) =>
        saveService(manage, requireUser(request), request.params.id, readServiceForm(body.fields), {
          featurePhoto: body.files.featurePhoto?.[0],
          comparisonPdf: body.files.comparisonPdf?.[0],
          gallery: body.files.gallery ?? [],
          featureVideos: body.files.featureVideos ?? [],
          featureVideoThumbnails: body.files.featureVideoThumbnails ?? [],
        }),
      ),
  );

  r.get(
    '/api/navigation/manage',
    {
      config: { access },
      schema: {
        tags,
        summary: "The header's and footer's links, with any whose record is gone",
        response: { 200: siteNavigationSchema },
      },
    },
    async () => readNavigation(deps.repos.catalogueManage, { all: true }),
  );

  r.put(
    '/api/navigation',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: "Replace the header's links and the footer's services",
        body: siteNavigationSchema,
        response: { 200: siteNavigationSchema },
      },
    },
    async (request) => saveNavigation(manage, requireUser(request), request.body),
  );

  r.delete(
    '/api/services/:id',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Delete a service',
        description:
          'A service that orders refer to is archived (it leaves the public site, lists and ' +
          'search; its orders keep it); otherwise it is erased with its files.',
        params: idParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteService(manage, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // --- Pages ------------------------------------------------------------------------------------

  const pageDescription =
    'Multipart form: title; items[i][title], items[i][link] (a path starting with / or an ' +
    'http(s) address), items[i][featurePhoto] (image file, optional), items[i][featurePhotoUrl] ' +
    "(the item's current photo to keep when no new file is sent). Items are saved in index order.";

  r.post(
    '/api/pages',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Create a content page',
        description: pageDescription,
        consumes: multipartForm,
        form: PAGE_FORM,
        response: { 201: pageSchema },
      },
    },
    async (request, reply) => {
      const saved = await withForm(request, PAGE_FILES, (body) =>
        savePage(manage, requireUser(request), null, readPageForm(body.fields), pagePhotos(body)),
      );
      return reply.status(201).send(saved);
    },
  );

  r.put(
    '/api/pages/:id',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Update a content page',
        description: pageDescription,
        params: idParams,
        consumes: multipartForm,
        form: PAGE_FORM,
        response: { 200: pageSchema },
      },
    },
    async (request) =>
      withForm(request, PAGE_FILES, (body) =>
        savePage(
          manage,
          requireUser(request),
          request.params.id,
          readPageForm(body.fields),
          pagePhotos(body),
        ),
      ),
  );

  r.delete(
    '/api/pages/:id',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Delete a content page',
        params: idParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deletePage(manage, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // --- Industries -------------------------------------------------------------------------------

  r.get(
    '/api/industries/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary: 'An industry',
        params: idParams,
        response: { 200: industrySchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await cache.get(`industry:${id}`, industrySchema, () =>
        deps.repos.catalogue.findIndustry(id),
      );
      if (!entry) throw notFound('Industry not found');
      return sendCached(request, reply, entry);
    },
  );

  const industryDescription =
    'Multipart form: title, link (a path starting with / or an http(s) address), featurePhoto ' +
    "(image file; without one, the text field featurePhoto '' removes the current photo).";

  r.post(
    '/api/industries',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Create an industry',
        description: industryDescription,
        consumes: multipartForm,
        form: INDUSTRY_FORM,
        response: { 201: industrySchema },
      },
    },
    async (request, reply) => {
      const saved = await withForm(request, INDUSTRY_FILES, (body) =>
        saveIndustry(
          manage,
          requireUser(request),
          null,
          readIndustryForm(body.fields),
          body.files.featurePhoto?.[0],
        ),
      );
      return reply.status(201).send(saved);
    },
  );

  r.put(
    '/api/industries/:id',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Update an industry',
        description: industryDescription,
        params: idParams,
        consumes: multipartForm,
        form: INDUSTRY_FORM,
        response: { 200: industrySchema },
      },
    },
    async (request) =>
      withForm(request, INDUSTRY_FILES, (body) =>
        saveIndustry(
          manage,
          requireUser(request),
          request.params.id,
          readIndustryForm(body.fields),
          body.files.featurePhoto?.[0],
        ),
      ),
  );

  r.delete(
    '/api/industries/:id',
    {
      config: { access },
      ...invalidates,
      schema: {
        tags,
        summary: 'Delete an industry',
        params: idParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteIndustry(manage, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** The uploaded item photos by form index. */
function pagePhotos(body: MultipartBody): Map<number, SavedUpload> {
  const photos = new Map<number, SavedUpload>();
  PAGE_ITEM_PHOTO_FIELDS.forEach((name, index) => {
    const file = body.files[name]?.[0];
    if (file) photos.set(index, file);
  });
  return photos;
}
