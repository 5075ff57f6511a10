import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyPageRequest,
  companyPageSchema,
  companyPageSlugs,
  companyPages,
  type CompanyPage,
  type CompanyPageSlug,
} from '@noise/shared/company-pages';
import { requireUser } from '../../plugins/auth.ts';
import type { UserRepository } from '../users/repository.ts';
import type { CompanyPageRepository, CompanyPageRow } from './repository.ts';

const slugParams = z.object({ slug: z.enum(companyPageSlugs) });
const tags = ['company pages'];

function toDto(slug: CompanyPageSlug, row: CompanyPageRow | undefined): CompanyPage {
  return {
    slug,
    title: companyPages.find((p) => p.slug === slug)!.title,
    body: row?.body ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedByName ?? '',
  };
}

/**
 * About Us, Terms of Service and the rest of the About column. Anyone reads them; staff who manage
 * the catalogue write them. A page never written (or emptied) shows the site's built-in text.
 */
export function registerCompanyPageRoutes(
  app: FastifyInstance,
  deps: { pages: CompanyPageRepository; users: UserRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/company-pages/:slug',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A company page (about us, terms, privacy…)',
        tags,
        params: slugParams,
        response: { 200: companyPageSchema },
      },
    },
    async (request) => toDto(request.params.slug, await deps.pages.find(request.params.slug)),
  );

  r.get(
    '/api/company-pages',
    {
      config: { access: 'catalogue:manage' },
      schema: {
        summary: 'List the company pages',
        tags,
        response: { 200: z.array(companyPageSchema) },
      },
    },
    async () => {
      const rows = await deps.pages.list();
      return companyPages.map((p) =>
        toDto(
          p.slug,
          rows.find((row) => row.slug === p.slug),
        ),
      );
    },
  );

  r.put(
    '/api/company-pages/:slug',
    {
      config: { access: 'catalogue:manage' },
      schema: {
        summary: 'Update a company page',
        tags,
        params: slugParams,
        body: companyPageRequest,
        response: { 200: companyPageSchema },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const row = await deps.pages.save(request.params.slug, request.body.body, {
        id: actor.id,
        name: await deps.users.actorName(actor.id),
      });
      return toDto(request.params.slug, row);
    },
  );
}
