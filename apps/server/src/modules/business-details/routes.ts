import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessDetailsRequest, businessDetailsSchema } from '@noise/shared/business-details';
import { z } from 'zod';
import { LOGO_MAX_BYTES } from '@noise/shared/business-details';
import { badRequest, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { logoFile, removeBusinessLogo, saveBusinessLogo } from './business-logo.ts';
import {
  getBusinessDetails,
  saveBusinessDetails,
  type BusinessDetailsDeps,
} from './business-details.ts';

/** Settings > Business details (docs/product.md#business-details): super-admins only. */
export function registerBusinessDetailsRoutes(app: FastifyInstance, deps: BusinessDetailsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'settings:manage' as const;
  const tags = ['settings'];

  r.get(
    '/api/settings/business-details',
    {
      config: { access },
      schema: {
        summary: "The shop's business details (the environment's until first saved)",
        tags,
        response: { 200: businessDetailsSchema },
      },
    },
    async () => getBusinessDetails(deps),
  );

  r.put(
    '/api/settings/business-details',
    {
      config: { access },
      schema: {
        summary: "Save the shop's business details; they apply at once",
        tags,
        body: businessDetailsRequest,
        response: { 200: businessDetailsSchema },
      },
    },
    async (request) => saveBusinessDetails(deps, requireUser(request), request.body),
  );

  r.put(
    '/api/settings/business-details/logo',
    {
      config: { access },
      schema: {
        summary: "Upload the shop's logo (PNG, JPEG or WebP, at most 2 MB); it applies at once",
        description:
          'A multipart form with one file field, `logo`. What is kept is a PNG at most 600 × 200 px.',
        tags,
        consumes: ['multipart/form-data'],
        form: { fields: {}, files: { logo: { accept: ['image'] } }, required: ['logo'] },
        response: { 200: businessDetailsSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      if (!request.isMultipart()) throw badRequest('Send the logo as multipart/form-data');
      const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'logo') {
        const message = 'Choose an image file for the logo';
        throw badRequest(message, [{ path: 'logo', message }]);
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
        const message = 'The logo must be at most 2 MB';
        throw badRequest(message, [{ path: 'logo', message }]);
      }
      return saveBusinessLogo(deps, actor, bytes);
    },
  );

  r.delete(
    '/api/settings/business-details/logo',
    {
      config: { access },
      schema: {
        summary: "Remove the shop's logo",
        tags,
        response: { 200: businessDetailsSchema },
      },
    },
    async (request) => removeBusinessLogo(deps, requireUser(request)),
  );

  /** The logo itself, for emails, the site and anyone: its address changes with every upload. */
  r.get(
    '/api/business/logo/:file',
    {
      config: { access: 'public' },
      schema: {
        summary: "The shop's logo as a PNG (its address is in GET /api/config)",
        tags: ['config'],
        params: z.object({ file: z.string().regex(/^[0-9a-f]{16}\.png$/) }),
        produces: ['image/png'],
      },
    },
    async (request, reply) => {
      const png = logoFile(deps, request.params.file.slice(0, 16));
      if (!png) throw notFound('There is no such logo');
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(png);
    },
  );
}
