import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookDeliverySchema,
  webhookEndpointRequest,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@noise/shared/webhooks';
import { requireUser } from '../../plugins/auth.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  setEndpointEnabled,
  updateEndpoint,
  type WebhookDeps,
} from './manage-webhooks.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** The Webhooks screen (docs/product.md#webhooks): super-admins and admins. */
export function registerWebhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'webhooks:manage' as const;
  const tags = ['webhooks'];

  r.get(
    '/api/webhooks',
    {
      config: { access },
      schema: {
        summary: 'List webhook endpoints',
        tags,
        response: { 200: z.array(webhookEndpointSchema) },
      },
    },
    async () => listEndpoints(deps),
  );

  r.post(
    '/api/webhooks',
    {
      config: { access },
      schema: {
        summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
        tags,
        body: webhookEndpointRequest,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEndpoint(deps, requireUser(request), request.body)),
  );

  r.put(
    '/api/webhooks/:id',
    {
      config: { access },
      schema: {
        summary: 'Update a webhook endpoint',
        tags,
        params: idParams,
        body: webhookEndpointRequest,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => updateEndpoint(deps, requireUser(request), request.params.id, request.body),
  );

  r.post(
    '/api/webhooks/:id/secret',
    {
      config: { access },
      schema: {
        summary: 'Make a new signing secret for an endpoint',
        tags,
        params: idParams,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request) => rotateSecret(deps, requireUser(request), request.params.id),
  );

  r.put(
    '/api/webhooks/:id/enabled',
    {
      config: { access },
      schema: {
        summary: 'Turn a webhook endpoint on or off',
        tags,
        params: idParams,
        body: z.object({ enabled: z.boolean() }),
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) =>
      setEndpointEnabled(deps, requireUser(request), request.params.id, request.body.enabled),
  );

  r.delete(
    '/api/webhooks/:id',
    {
      config: { access },
      schema: {
        summary: 'Remove a webhook endpoint',
        tags,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(deps, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { access },
      schema: {
        summary: "An endpoint's latest deliveries",
        tags,
        params: idParams,
        response: { 200: z.array(webhookDeliverySchema) },
      },
    },
    async (request) => listDeliveries(deps, request.params.id),
  );

  r.post(
    '/api/webhooks/deliveries/:id/resend',
    {
      config: { access },
      schema: {
        summary: 'Send a delivery again',
        tags,
        params: idParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => resendDelivery(deps, requireUser(request), request.params.id),
  );
}
