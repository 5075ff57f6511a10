import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { billingOverviewSchema } from '@noise/shared/billing';
import { requireUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { billingOverview, type BillingBills } from './billing-overview.ts';

/** The customer's Billing page (docs/product.md#billing). */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { repos: Repositories; currency: string; timeZone: string; bills: BillingBills },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/billing',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: 'The caller’s company’s invoices, adjustment notes, payments due and plans',
        tags: ['payments'],
        response: { 200: billingOverviewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return billingOverview(deps.repos, requireUser(request), deps);
    },
  );
}
