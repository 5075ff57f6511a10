import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  renewalCardLink,
  renewalCardSchema,
  saveRenewalCardRequest,
  saveRenewalCardResponse,
} from '@noise/shared/payments';
import { apiErrorSchema } from '@noise/shared/api-error';
import { saveRenewalCard, viewRenewalCard, type RenewalCardDeps } from './renewal-card.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });

/** The declined renewal's card page: its link's signature is the capability, as it is mailed. */
export function registerRenewalCardRoutes(app: FastifyInstance, deps: RenewalCardDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  r.get(
    '/api/subscriptions/:id/renewal-card',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: "A declined renewal's subscription, as its mailed card link shows it",
        tags,
        params: idParams,
        querystring: renewalCardLink,
        response: { 200: renewalCardSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return viewRenewalCard(deps, request.params.id, request.query);
    },
  );

  r.post(
    '/api/subscriptions/:id/renewal-card',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        summary: 'Give a new card from a declined renewal’s link; the period due is charged now',
        tags,
        params: idParams,
        body: saveRenewalCardRequest,
        response: {
          202: saveRenewalCardResponse,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await saveRenewalCard(deps, request.params.id, { ...request.body, ip: request.ip })),
  );
}
