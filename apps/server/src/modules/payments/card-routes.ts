import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardResponse,
  paymentMethodResponse,
  replaceCardRequest,
  replacedPaymentMethodResponse,
} from '@noise/shared/user';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { CustomerRepository } from '../customers/repository.ts';
import { assignedScope } from '../projects/visibility.ts';
import type { UserRepository } from '../users/repository.ts';
import { currentCard, replaceCard } from './card-on-file.ts';
import { chargeDeclinedPeriodsOf } from './renewal-card.ts';

/** The card on file: a customer's own, and a customer's as staff see it on Edit Customer. */
export function registerCardRoutes(
  app: FastifyInstance,
  deps: {
    repos: Repositories;
    users: UserRepository;
    customers: CustomerRepository;
    audit: AuditRepository;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const { customers } = deps;

  const me = async (id: string) => {
    const user = await deps.users.findById(id);
    if (!user) throw notFound('User not found');
    return user;
  };

  r.get(
    '/api/users/payment-method',
    {
      config: { access: 'authenticated' },
      schema: { summary: "One's card on file", tags, response: { 200: cardResponse } },
    },
    async (request) => ({
      card: await currentCard(app.paymentProvider, await me(requireUser(request).id)),
    }),
  );

  r.put(
    '/api/users/payment-method',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Replace one's card on file",
        tags,
        body: replaceCardRequest,
        response: { 200: paymentMethodResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const card = await replaceCard(
        deps.repos,
        app.paymentProvider,
        user.id,
        request.body.paymentMethodId,
      );
      await deps.audit.record({
        actorId: user.id,
        ip: user.ip,
        apiKey: user.apiKey,
        actorName: 'Customer',
        action: 'card.replaced',
        entityType: 'user',
        entityId: user.id,
        subjectUserId: user.id,
        summary: `Card on file replaced by the customer (${card.brand} ending ${card.last4})`,
      });
      // A renewal declined on the old card is charged to the new one now (decision 105).
      await chargeDeclinedPeriodsOf(deps.repos, user.id, new Date());
      return { card };
    },
  );

  // docs/product.md#edit-customer: staff see and replace a customer's card on Edit Customer.
  r.get(
    '/api/payment-methods/:paymentMethodId',
    {
      config: { access: 'customers:manage' },
      schema: {
        summary: 'A card on file, by its id',
        tags: ['customers'],
        params: z.object({ paymentMethodId: z.string().min(1).max(200) }),
        response: { 200: paymentMethodResponse },
      },
    },
    async (request) => {
      // A co-ordinator reads only the cards of their own customers (docs/decisions/056).
      const scope = assignedScope(requireUser(request));
      if (scope && !(await customers.findClientByCard(request.params.paymentMethodId, scope))) {
        throw notFound('Payment method not found');
      }
      const method = await app.paymentProvider.getPaymentMethod(request.params.paymentMethodId);
      if (!method) throw notFound('Payment method not found');
      return { card: { brand: method.brand, last4: method.last4 } };
    },
  );

  /** The path names the customer (docs/product.md#api-calls): our user id, not the provider's. */
  r.put(
    '/api/payment-methods/:customerId',
    {
      config: { access: 'customers:manage' },
      schema: {
        summary: "Replace a customer's card on file",
        tags: ['customers'],
        params: z.object({ customerId: z.string().min(1).max(200) }),
        body: replaceCardRequest,
        response: { 200: replacedPaymentMethodResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const customer = await customers.findClient(request.params.customerId, assignedScope(actor));
      if (!customer) throw notFound('Customer not found');
      const card = await replaceCard(
        deps.repos,
        app.paymentProvider,
        customer.id,
        request.body.paymentMethodId,
      );
      await deps.audit.record({
        actorId: actor.id,
        ip: actor.ip,
        apiKey: actor.apiKey,
        actorName: await deps.users.actorName(actor.id),
        action: 'card.replaced',
        entityType: 'user',
        entityId: customer.id,
        subjectUserId: customer.id,
        summary: `Card on file replaced by staff (${card.brand} ending ${card.last4})`,
      });
      return { paymentMethod: { id: request.body.paymentMethodId, card } };
    },
  );
}
