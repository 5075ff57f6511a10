import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessDetailsRequest, businessDetailsSchema } from '@noise/shared/business-details';
import { requireUser } from '../../plugins/auth.ts';
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
}
