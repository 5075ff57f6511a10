import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardResponse,
  extraRequestResponse,
  moveInQueueSchema,
  moveRequestSchema,
  myRequestPlansResponse,
  requestSchema,
  submitRequestSchema,
} from '@noise/shared/requests';
import type { Config } from '../../config.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import {
  boardRequests,
  cancelRequest,
  moveInQueue,
  moveOnBoard,
  myRequestPlans,
  staffRequest,
  submitRequest,
  type RequestMailSettings,
} from './manage-requests.ts';
import { buyExtraRequest } from './extra-requests.ts';

const tags = ['requests'];
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Request plans: the client's requests and queue, the staff board (docs/product.md#request-plans). */
export function registerRequestRoutes(
  app: FastifyInstance,
  deps: { repos: Repositories; mail: RequestMailSettings; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = deps;

  r.get(
    '/api/my/request-plans',
    {
      config: { access: 'client:projects' },
      schema: {
        summary: 'The caller’s company’s request plans, with their requests and use',
        tags,
        response: { 200: myRequestPlansResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myRequestPlans(repos, requireUser(request), deps.config.businessTimeZone);
    },
  );

  r.post(
    '/api/my/request-plans/:id/requests',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'Submit a request under a plan: it starts, or waits in the queue',
        tags,
        params: idParams,
        body: submitRequestSchema,
        response: { 201: requestSchema },
      },
    },
    async (request, reply) => {
      const item = await submitRequest(
        repos,
        deps.mail,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(item);
    },
  );

  r.post(
    '/api/my/request-plans/:id/extra-request',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: 'Buy one more request for this period: the invoice to pay by card',
        description:
          'Once the plan’s requests for the period are used, an Owner or Billing person gets an ' +
          'invoice for one extra request at the package’s price with GST, sent, and its pay ' +
          'link; an unpaid one of theirs is given again. Paid, it raises the period’s cap by one.',
        tags,
        params: idParams,
        response: { 201: extraRequestResponse },
      },
    },
    async (request, reply) => {
      const bought = await buyExtraRequest(
        repos,
        deps.config,
        requireUser(request),
        request.params.id,
      );
      return reply.code(201).send(bought);
    },
  );

  r.post(
    '/api/my/requests/:id/cancel',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'Cancel a queued request',
        tags,
        params: idParams,
        response: { 200: requestSchema },
      },
    },
    async (request) => cancelRequest(repos, requireUser(request), request.params.id),
  );

  r.post(
    '/api/my/requests/:id/move',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'Move a queued request one place up or down the queue',
        tags,
        params: idParams,
        body: moveInQueueSchema,
        response: { 200: requestSchema },
      },
    },
    async (request) =>
      moveInQueue(repos, requireUser(request), request.params.id, request.body.direction),
  );

  r.get(
    '/api/requests',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: 'The request board: every request, or one client’s',
        tags,
        querystring: z.object({ companyId: z.string().max(64).optional() }),
        response: { 200: boardResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return boardRequests(repos, requireUser(request), { companyId: request.query.companyId });
    },
  );

  r.get(
    '/api/requests/:id',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: 'One request as its card shows it: its plan, client, state, assignee and due date',
        tags,
        params: idParams,
        response: { 200: requestSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return staffRequest(repos, requireUser(request), request.params.id);
    },
  );

  r.post(
    '/api/requests/:id/move',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: 'Move a card on the board; a card moved meanwhile answers as it is now',
        tags,
        params: idParams,
        body: moveRequestSchema,
        response: { 200: z.object({ moved: z.boolean(), request: requestSchema }) },
      },
    },
    async (request) =>
      moveOnBoard(repos, deps.mail, requireUser(request), request.params.id, request.body),
  );
}
