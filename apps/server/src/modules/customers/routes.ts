import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema,
  CLIENT_SEARCH_LIMIT,
  createNoteRequest,
  internalNoteSchema,
  updateClientRequest,
} from '@noise/shared/customers';
import { userSchema } from '@noise/shared/user';
import type { Repositories } from '../../repositories.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { toAuditDto, type AuditRepository } from '../audit/repository.ts';
import { assignedScope } from '../projects/visibility.ts';
import { toUserDto, type UserRepository } from '../users/repository.ts';
import { toClientDto, toNoteDto, type CustomerRepository } from './repository.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: {
    repos: Repositories;
    customers: CustomerRepository;
    users: UserRepository;
    audit: AuditRepository;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'customers:manage' as const;
  const tags = ['customers'];

  /** Whose customers the caller sees: everyone's, or a co-ordinator's own (their projects'). */
  const scopeOf = (request: FastifyRequest) => assignedScope(requireUser(request));

  /** The customer if the caller may see them; 404 for anyone else, so ids reveal nothing. */
  const findClientOr404 = async (request: FastifyRequest, id: string) => {
    const client = await deps.customers.findClient(id, scopeOf(request));
    if (!client) throw notFound('Customer not found');
    return client;
  };

  r.get(
    '/api/users/clients',
    {
      config: { access },
      schema: {
        summary: 'List customers',
        tags,
        querystring: z.object({ q: z.string().max(200).default('') }),
        response: { 200: z.array(userSchema) },
      },
    },
    async (request) =>
      (await deps.customers.search(request.query.q, CLIENT_SEARCH_LIMIT, scopeOf(request))).map(
        toClientDto,
      ),
  );

  r.get(
    '/api/users/clients/:id',
    {
      config: { access },
      schema: { summary: 'A customer', tags, params: idParams, response: { 200: userSchema } },
    },
    async (request) => {
      const row = await deps.customers.findClientWithCompany(request.params.id, scopeOf(request));
      if (!row) throw notFound('Customer not found');
      return toClientDto(row);
    },
  );

  r.put(
    '/api/users/clients/:id',
    {
      config: { access },
      schema: {
        summary: "Update a customer's details",
        tags,
        params: idParams,
        body: updateClientRequest,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      await findClientOr404(request, request.params.id);
      const updated = await deps.customers.updateProfile(request.params.id, request.body.profile);
      if (!updated) throw notFound('Customer not found');
      return toUserDto(updated);
    },
  );

  r.get(
    '/api/users/clients/:id/notes',
    {
      config: { access },
      schema: {
        summary: "A customer's notes",
        tags,
        params: idParams,
        response: { 200: z.array(internalNoteSchema) },
      },
    },
    async (request) => {
      await findClientOr404(request, request.params.id);
      return (await deps.customers.listNotes(request.params.id)).map(toNoteDto);
    },
  );

  r.post(
    '/api/users/clients/:id/notes',
    {
      config: { access },
      schema: {
        summary: 'Add a note to a customer',
        tags,
        params: idParams,
        body: createNoteRequest,
        response: { 201: internalNoteSchema },
      },
    },
    async (request, reply) => {
      const client = await findClientOr404(request, request.params.id);
      const actor = requireUser(request);
      const adminName = await deps.users.actorName(actor.id);
      const note = await deps.repos.transaction(async (r) => {
        const row = await r.customers.addNote({
          userId: client.id,
          authorId: actor.id,
          adminName,
          note: request.body.note,
        });
        await r.audit.record({
          actorId: actor.id,
          ip: actor.ip,
          apiKey: actor.apiKey,
          actorName: adminName,
          action: 'note.added',
          entityType: 'user',
          entityId: client.id,
          subjectUserId: client.id,
          summary: 'Added an internal note',
        });
        return row;
      });
      return reply.status(201).send(toNoteDto(note));
    },
  );

  r.get(
    '/api/users/clients/:id/audit',
    {
      config: { access },
      schema: {
        summary: 'What was done to a customer and their projects',
        tags,
        params: idParams,
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request) => {
      await findClientOr404(request, request.params.id);
      const entries = await deps.audit.listForSubject(request.params.id, 100, scopeOf(request));
      return entries.map(toAuditDto);
    },
  );
}
