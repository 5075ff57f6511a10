import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import { messageResponse } from '@noise/shared/auth';
import {
  acceptProposalRequest,
  createQuoteRequest,
  declineProposalRequest,
  extendProposalRequest,
  quoteCustomerSchema,
  quoteRequest,
  quoteSchema,
  recordAcceptanceRequest,
  sendQuoteRequest,
} from '@noise/shared/quote';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  acceptProposal,
  declineProposal,
  extendProposal,
  recordAcceptance,
  signedProposalFor,
} from './answer-proposal.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { createQuote, deleteQuote, findQuote, updateQuote } from './manage-quote.ts';
import { toQuoteCustomerDto, toQuoteDto, type QuoteRepository } from './repository.ts';
import { sendQuote } from './send-quote.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const RECIPIENT_SEARCH_LIMIT = 8;

/**
 * Custom quotes (docs/product.md#proposals). GET /api/quotes/{id} for the payment page
 * lives with the checkout (modules/payments); these are the staff's.
 */
export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: {
    repos: Repositories;
    config: Config;
    quotes: QuoteRepository;
    users: UserRepository;
    audit: AuditRepository;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'quotes:manage' as const;
  const tags = ['quotes'];
  const currency = deps.config.payments.currency;
  const customers = deps.repos.customers;

  r.get(
    '/api/quotes',
    {
      config: { access },
      schema: { summary: 'List custom quotes', tags, response: { 200: z.array(quoteSchema) } },
    },
    async () => (await deps.quotes.list()).map((row) => toQuoteDto(row, currency)),
  );

  // The 'For' field of the quote form. Its own route rather than the customer list's: quotes
  // staff need a name and an address found by either, not the customer records.
  r.get(
    '/api/quotes/recipients',
    {
      config: { access },
      schema: {
        summary: 'The customers a quote can be sent to',
        tags,
        querystring: z.object({ q: z.string().max(200).default('') }),
        response: { 200: z.array(quoteCustomerSchema) },
      },
    },
    async (request) =>
      (await customers.searchByNameOrEmail(request.query.q, RECIPIENT_SEARCH_LIMIT)).map(
        toQuoteCustomerDto,
      ),
  );

  r.get(
    '/api/quotes/:id/manage',
    {
      config: { access },
      schema: {
        summary: 'A custom quote as staff edit it',
        tags,
        params: idParams,
        response: { 200: quoteSchema },
      },
    },
    async (request) => toQuoteDto(await findQuote(deps, request.params.id), currency),
  );

  r.post(
    '/api/quotes',
    {
      config: { access },
      schema: {
        summary: 'Create a custom quote',
        tags,
        body: createQuoteRequest,
        response: { 201: quoteSchema },
      },
    },
    async (request, reply) => {
      const quote = await createQuote(deps, requireUser(request), request.body);
      return reply.status(201).send(toQuoteDto(quote, currency));
    },
  );

  r.put(
    '/api/quotes/:id',
    {
      config: { access },
      schema: {
        summary: 'Update a custom quote',
        tags,
        params: idParams,
        body: quoteRequest,
        response: { 200: quoteSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      toQuoteDto(
        await updateQuote(deps, requireUser(request), request.params.id, request.body),
        currency,
      ),
  );

  r.delete(
    '/api/quotes/:id',
    {
      config: { access },
      schema: {
        summary: 'Delete a custom quote',
        tags,
        params: idParams,
        response: { 204: z.null(), 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteQuote(deps, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The proposal page's answers (docs/product.md#proposal-page): by the link, or by the customer's
  // company when it is for an account (checkProposalAccess); never by staff, who record an
  // acceptance given on paper with /record-acceptance instead.
  r.post(
    '/api/quotes/:id/accept',
    {
      config: { access: 'public', optionalAuth: true },
      schema: {
        summary: 'Accept and sign a proposal',
        tags,
        params: idParams,
        body: acceptProposalRequest,
        response: { 200: messageResponse, 409: apiErrorSchema },
      },
    },
    async (request) =>
      acceptProposal(
        { repos: deps.repos, config: deps.config, notifier: app.notifier },
        request.user,
        request.ip,
        request.params.id,
        request.body,
      ),
  );

  r.post(
    '/api/quotes/:id/decline',
    {
      config: { access: 'public', optionalAuth: true },
      schema: {
        summary: 'Decline a proposal',
        tags,
        params: idParams,
        body: declineProposalRequest,
        response: { 200: messageResponse, 409: apiErrorSchema },
      },
    },
    async (request) =>
      declineProposal(
        { repos: deps.repos, config: deps.config, notifier: app.notifier },
        request.user,
        request.params.id,
        request.body.reason,
      ),
  );

  r.get(
    '/api/quotes/:id/signed.pdf',
    {
      config: { access: 'public', optionalAuth: true },
      schema: { summary: 'The signed PDF of a proposal', tags, params: idParams },
    },
    async (request, reply) => {
      const pdf = await signedProposalFor(deps.repos, deps.config, request.params.id, request.user);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf.content);
    },
  );

  r.post(
    '/api/quotes/:id/extend',
    {
      config: { access },
      schema: {
        summary: "Give a proposal a new 'Valid until'",
        tags,
        params: idParams,
        body: extendProposalRequest,
        response: { 200: quoteSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      toQuoteDto(
        await extendProposal(
          deps,
          requireUser(request),
          request.params.id,
          request.body.validUntil,
        ),
        currency,
      ),
  );

  r.post(
    '/api/quotes/:id/record-acceptance',
    {
      config: { access },
      schema: {
        summary: 'Record an acceptance the customer gave on paper',
        tags,
        params: idParams,
        body: recordAcceptanceRequest,
        response: { 200: quoteSchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      toQuoteDto(
        await recordAcceptance(deps, requireUser(request), request.params.id, request.body),
        currency,
      ),
  );

  r.post(
    '/api/quotes/:id/send',
    {
      config: { access },
      schema: {
        summary: 'Send a custom quote to its customer',
        tags,
        params: idParams,
        body: sendQuoteRequest,
        response: { 202: messageResponse, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await sendQuote(
        { ...deps, notifier: app.notifier },
        requireUser(request),
        request.params.id,
        request.body.email,
      );
      return reply.status(202).send(result);
    },
  );
}
