import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountCreditSchema, adjustCreditRequest } from '@noise/shared/account-credit';
import { apiErrorSchema } from '@noise/shared/api-error';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { accountCreditOf, adjustAccountCredit } from './account-credit.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });

/** A client company's account credit, for the staff who refund (docs/product.md#account-credit). */
export function registerCreditRoutes(
  app: FastifyInstance,
  deps: { repos: Repositories; currency: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  // The payment page's figure: what the caller's company's credit can pay of an order.
  r.get(
    '/api/my/credit',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: "The caller's company's account credit and its entries",
        tags,
        response: { 200: accountCreditSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const companyId = requireUser(request).companyId;
      if (!companyId) throw notFound('You belong to no company');
      return accountCreditOf(deps.repos, companyId, deps.currency);
    },
  );

  r.get(
    '/api/companies/:id/credit',
    {
      config: { access: 'payments:refund' },
      schema: {
        summary: "A client company's account credit and its entries",
        tags,
        params: idParams,
        response: { 200: accountCreditSchema, 404: apiErrorSchema },
      },
    },
    async (request) => accountCreditOf(deps.repos, request.params.id, deps.currency, 'staff'),
  );

  r.post(
    '/api/companies/:id/credit',
    {
      config: { access: 'payments:refund' },
      schema: {
        summary: 'Add account credit to a client company, or take some off, with a reason',
        tags,
        params: idParams,
        body: adjustCreditRequest,
        response: { 200: accountCreditSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      adjustAccountCredit(
        deps.repos,
        requireUser(request),
        request.params.id,
        request.body,
        deps.currency,
      ),
  );
}
