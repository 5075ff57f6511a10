import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@noise/shared/auth';
import { formatMoney, priceQuote, toCents } from '@noise/shared/pricing';
import { quoteRequest, quoteSchema, sendQuoteRequest } from '@noise/shared/quote';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { requireUser, type AuthUser } from '../../plugins/auth.ts';
import type { AuditRepository } from '../audit/repository.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { createJobRepository } from '../jobs/repository.ts';
import type { UserRepository } from '../users/repository.ts';
import { toQuoteDto, type QuoteRepository } from './repository.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const PAID = 'This quote has been paid, so it can no longer be changed or removed.';

/**
 * Custom quotes (SPEC.md section 2). GET /api/quotes/{id} for the payment page lives with the
 * checkout (modules/payments); these are the staff's.
 */
export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    quotes: QuoteRepository;
    users: UserRepository;
    audit: AuditRepository;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'quotes:manage' as const;
  const tags = ['quotes'];

  const nameOf = async (actor: AuthUser) => {
    const row = await deps.users.findById(actor.id);
    return row ? displayNameOf(row) || row.email : 'Staff';
  };
  const findOr404 = async (id: string) => {
    const row = await deps.quotes.find(id);
    if (!row) throw notFound('Quote not found');
    return row;
  };

  r.get(
    '/api/quotes',
    { config: { access }, schema: { tags, response: { 200: z.array(quoteSchema) } } },
    async () => (await deps.quotes.list()).map(toQuoteDto),
  );

  r.get(
    '/api/quotes/:id/manage',
    { config: { access }, schema: { tags, params: idParams, response: { 200: quoteSchema } } },
    async (request) => toQuoteDto(await findOr404(request.params.id)),
  );

  r.post(
    '/api/quotes',
    { config: { access }, schema: { tags, body: quoteRequest, response: { 201: quoteSchema } } },
    async (request, reply) => {
      const actor = requireUser(request);
      const { value, ...rest } = request.body;
      const quote = await deps.quotes.insert({
        ...rest,
        valueCents: toCents(value),
        createdById: actor.id,
        createdByName: await nameOf(actor),
      });
      return reply.status(201).send(toQuoteDto({ quote, projectId: null }));
    },
  );

  r.put(
    '/api/quotes/:id',
    {
      config: { access },
      schema: { tags, params: idParams, body: quoteRequest, response: { 200: quoteSchema } },
    },
    async (request) => {
      const actor = requireUser(request);
      const current = await findOr404(request.params.id);
      if (current.quote.paidAt) throw conflict(PAID);
      const { value, ...rest } = request.body;
      const valueCents = toCents(value);
      const quote = await deps.quotes.update(current.quote.id, { ...rest, valueCents });
      if (valueCents !== current.quote.valueCents) {
        await deps.audit.record({
          actorId: actor.id,
          actorName: await nameOf(actor),
          action: 'quote.price_changed',
          entityType: 'quote',
          entityId: current.quote.id,
          summary: `Quote price changed from ${formatMoney(current.quote.valueCents)} to ${formatMoney(valueCents)}`,
          data: { from: current.quote.valueCents, to: valueCents },
        });
      }
      return toQuoteDto({ quote: quote!, projectId: current.projectId });
    },
  );

  r.delete(
    '/api/quotes/:id',
    { config: { access }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const current = await findOr404(request.params.id);
      if (current.quote.paidAt || current.projectId) throw conflict(PAID);
      await deps.quotes.delete(current.quote.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/quotes/:id/send',
    {
      config: { access },
      schema: {
        tags,
        params: idParams,
        body: sendQuoteRequest,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      const current = await findOr404(request.params.id);
      if (current.quote.paidAt) throw conflict(PAID);
      const link = `${deps.config.publicUrl}/custom-quote/${current.quote.id}`;
      const total = formatMoney(priceQuote(current.quote.valueCents).totalWithGstCents);
      // Sent because staff chose to: always mailed, whatever the customer's notification settings.
      await enqueueEmail(
        createJobRepository(deps.db),
        quoteEmail(deps.config, request.body.email, current.quote.name, total, link),
      );
      const customer = await deps.users.findByEmail(request.body.email);
      if (customer) {
        await app.notifier.sendQuietly([customer.id], {
          kind: 'quote-link',
          title: `Your quote: ${current.quote.name}`,
          body: `Your custom quote is ready: ${total} inc. GST. Review and pay it online.`,
          link: `/custom-quote/${current.quote.id}`,
          skipEmail: true,
        });
      }
      return reply
        .status(202)
        .send({ message: `The quote link was sent to ${request.body.email}` });
    },
  );
}

function quoteEmail(config: Config, to: string, name: string, total: string, link: string) {
  return {
    to,
    subject: `Your quote from ${config.companyName}: ${name}`,
    text:
      `Hello,\n\nYour custom quote "${name}" is ready: ${total} inc. GST.\n\n` +
      `Review and pay it here:\n${link}\n\nYou will need to sign in or create an account.\n\n— ${config.companyName}\n`,
  };
}
