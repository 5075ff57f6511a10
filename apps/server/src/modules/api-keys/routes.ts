import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createApiKeyRequest, createdApiKeySchema } from '@noise/shared/api-keys';
import { requireUser } from '../../plugins/auth.ts';
import {
  createApiKey,
  listApiKeys,
  listOwnApiKeys,
  revokeApiKey,
  type ApiKeyDeps,
} from './manage-api-keys.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * API keys (docs/product.md#api-keys): each staff member makes and revokes their own on their
 * account page; those who manage webhooks see and revoke everyone's. No key makes or sees keys
 * (`sessionOnly`; the `authenticated` routes refuse keys anyway).
 */
export function registerApiKeyRoutes(app: FastifyInstance, deps: ApiKeyDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-keys'];
  const own = { access: 'authenticated', sessionOnly: true } as const;
  const all = { access: 'webhooks:manage', sessionOnly: true } as const;

  r.get(
    '/api/users/api-keys',
    {
      config: own,
      schema: {
        tags,
        summary: "List the caller's API keys",
        response: { 200: z.array(apiKeySchema) },
      },
    },
    async (request) => listOwnApiKeys(deps, requireUser(request)),
  );

  r.post(
    '/api/users/api-keys',
    {
      config: own,
      schema: {
        tags,
        summary: 'Create an API key for the caller (the key is in this answer only)',
        body: createApiKeyRequest,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(deps, requireUser(request), request.body)),
  );

  r.post(
    '/api/users/api-keys/:id/revoke',
    {
      config: own,
      schema: {
        tags,
        summary: "Revoke one of the caller's API keys",
        params: idParams,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => revokeApiKey(deps, requireUser(request), request.params.id, { own: true }),
  );

  r.get(
    '/api/api-keys',
    {
      config: all,
      schema: { tags, summary: 'List every API key', response: { 200: z.array(apiKeySchema) } },
    },
    async () => listApiKeys(deps),
  );

  r.post(
    '/api/api-keys/:id/revoke',
    {
      config: all,
      schema: {
        tags,
        summary: 'Revoke any API key',
        params: idParams,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => revokeApiKey(deps, requireUser(request), request.params.id, { own: false }),
  );
}
