import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import { ATTACHMENT_KINDS } from '@noise/shared/attachments';
import {
  approveDeliverableResponse,
  inboxItemSchema,
  MESSAGE_MAX_FILES,
  messageSchema,
  messageThreadSchema,
  requestChangesResponse,
  requestChangesSchema,
  threadPageQuery,
  unreadCountsSchema,
} from '@noise/shared/messages';
import type { Config } from '../../config.ts';
import { readMultipart, refuseUnknownFields, type FileFieldRule } from '../../lib/multipart.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UploadForm } from '../../plugins/openapi.ts';
import {
  decideDeliverable,
  markThreadRead,
  openMessageFile,
  openProject,
  postMessage,
  readInbox,
  readThread,
  type ThreadDeps,
} from './thread.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const MESSAGE_FILES: Record<string, FileFieldRule> = {
  attachments: { accept: ATTACHMENT_KINDS, max: MESSAGE_MAX_FILES, private: true },
};
const messageForm: UploadForm = {
  fields: {
    text: 'The message.',
    internal: "'true': a note for the team the customer never sees (staff only).",
    deliverable: "Staff: the files are the next version of this deliverable ('Logo') to approve.",
  },
  files: MESSAGE_FILES,
};

/** A conversation on every project: the thread, its files, read marks and the team's inbox. */
export function registerMessageRoutes(app: FastifyInstance, deps: ThreadDeps & { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  r.get(
    '/api/projects/:id/messages',
    {
      // The project's customer, or staff who work sales; team-only notes go to staff alone.
      config: { access: 'client:work' },
      schema: {
        summary: "A project's messages",
        description:
          'A page of the thread, oldest first: the newest messages, or with `before` (the `olderCursor` of a page) those before it.',
        tags,
        params,
        querystring: threadPageQuery,
        response: { 200: messageThreadSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const project = await openProject(deps, caller, request.params.id);
      reply.header('cache-control', 'private, no-store');
      return readThread(deps, caller, project, request.query);
    },
  );

  r.post(
    '/api/projects/:id/messages',
    {
      // Limited per user like every upload (UPLOAD_RATE_LIMIT_PER_MINUTE, plugins/auth.ts).
      config: { access: 'client:work' },
      schema: {
        summary: 'Post a message (or a deliverable) on a project',
        tags,
        params,
        consumes: ['multipart/form-data'],
        form: messageForm,
        description:
          'Fields: text; internal=true (staff: a note the customer never sees); files: attachments (PDFs, images, office documents or zip files, checked by their bytes).',
        response: { 201: messageSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const project = await openProject(deps, caller, request.params.id);
      const body = await readMultipart(request, {
        store: app.files,
        limits: deps.config.uploadLimits,
        files: MESSAGE_FILES,
      });
      try {
        refuseUnknownFields(body.fields, ['text', 'internal', 'deliverable']);
        const message = await postMessage(deps, {
          caller,
          project,
          text: body.fields.text ?? '',
          internal: body.fields.internal === 'true',
          ...(body.fields.deliverable !== undefined
            ? { deliverable: body.fields.deliverable }
            : {}),
          files: body.files.attachments ?? [],
        });
        return reply.status(201).send(message);
      } catch (error) {
        await body.discard();
        throw error;
      }
    },
  );

  r.get(
    '/api/projects/:id/messages/attachments/:attachmentId',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "Download a message's file",
        tags,
        params: params.extend({ attachmentId: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const project = await openProject(deps, caller, request.params.id);
      const { file, body } = await openMessageFile(
        deps,
        caller,
        project,
        request.params.attachmentId,
      );
      return sendPrivateFile(reply, file, body);
    },
  );

  const deliverableParams = params.extend({ deliverableId: z.string().min(1).max(64) });

  r.post(
    '/api/projects/:id/deliverables/:deliverableId/approve',
    {
      // The project's customer alone decides (403 for staff; 404 for anyone else).
      config: { access: 'client:work' },
      schema: {
        summary: 'Approve a deliverable',
        tags,
        params: deliverableParams,
        response: { 200: approveDeliverableResponse, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const project = await openProject(deps, caller, request.params.id);
      const { deliverable } = await decideDeliverable(deps, {
        caller,
        project,
        deliverableId: request.params.deliverableId,
        decision: 'approved',
      });
      return { deliverable };
    },
  );

  r.post(
    '/api/projects/:id/deliverables/:deliverableId/changes',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'Ask for changes to a deliverable',
        tags,
        params: deliverableParams,
        body: requestChangesSchema,
        description: "The customer asks for changes; the text is posted as the customer's message.",
        response: { 201: requestChangesResponse, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const project = await openProject(deps, caller, request.params.id);
      const result = await decideDeliverable(deps, {
        caller,
        project,
        deliverableId: request.params.deliverableId,
        decision: 'changes-requested',
        text: request.body.text,
      });
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/api/projects/:id/messages/read',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "Mark a project's messages read",
        tags,
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      await markThreadRead(deps, caller, await openProject(deps, caller, request.params.id));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/messages/unread',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "One's unread messages from the team, by project",
        tags,
        description: "The caller's unread messages from the team, by project id (customers).",
        response: { 200: unreadCountsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return deps.messages.unreadForCustomer(requireUser(request).id);
    },
  );

  r.get(
    '/api/messages/inbox',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: "The team's inbox: projects with messages, newest first",
        tags,
        response: { 200: z.array(inboxItemSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readInbox(deps, requireUser(request));
    },
  );
}
