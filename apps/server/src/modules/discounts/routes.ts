import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import {
  checkDiscountRequest,
  checkDiscountResponse,
  discountCodeRequest,
  discountCodeSchema,
} from '@noise/shared/discounts';
import { requireUser } from '../../plugins/auth.ts';
import {
  checkDiscountCode,
  createDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
  type DiscountDeps,
} from './discount-codes.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** Discount codes (docs/product.md#discount-codes): the staff's, and a buyer's check. */
export function registerDiscountRoutes(app: FastifyInstance, deps: DiscountDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'catalogue:manage' as const;
  const tags = ['discounts'];

  r.get(
    '/api/discount-codes',
    {
      config: { access },
      schema: {
        summary: 'List discount codes',
        tags,
        response: { 200: z.array(discountCodeSchema) },
      },
    },
    async () => listDiscountCodes(deps),
  );

  r.post(
    '/api/discount-codes',
    {
      config: { access },
      schema: {
        summary: 'Create a discount code',
        tags,
        body: discountCodeRequest,
        response: { 200: discountCodeSchema, 409: apiErrorSchema },
      },
    },
    async (request) => createDiscountCode(deps, requireUser(request), request.body),
  );

  r.put(
    '/api/discount-codes/:id',
    {
      config: { access },
      schema: {
        summary: 'Update a discount code',
        tags,
        params: idParams,
        body: discountCodeRequest,
        response: { 200: discountCodeSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      updateDiscountCode(deps, requireUser(request), request.params.id, request.body),
  );

  r.post(
    '/api/discount-codes/check',
    {
      // Anyone at checkout, guests too; limited, so codes cannot be guessed by the thousand.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Check a discount code against an order',
        tags,
        body: checkDiscountRequest,
        response: { 200: checkDiscountResponse },
      },
    },
    async (request) => checkDiscountCode(deps, request.body),
  );
}
