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
import { badRequest } from '../../lib/errors.ts';
import { readMultipart, refuseUnknownFields } from '../../lib/multipart.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UploadForm } from '../../plugins/openapi.ts';
import { BRIEF_FILE_RULES } from '../projects/project-brief.ts';
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

/** A new request's form: its title, answers and files, as a first brief sends them. */
const SUBMIT_FORM: UploadForm = {
  fields: {
    title: 'The request’s title (at most 200 characters).',
    answers: 'JSON object: the answers to the plan’s intake questions, by question id.',
    asked:
      'JSON list: the signature of each question answered (its id, kind, label, required and ' +
      'options as a JSON list); when the questions changed meanwhile the answer is 409. ' +
      'Absent: the questions as they are now.',
    answerFileQuestions: 'JSON list: for each answerFiles file, the id of the question it answers.',
  },
  files: BRIEF_FILE_RULES,
  required: ['title'],
};
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
      // Limited per user like every upload (UPLOAD_RATE_LIMIT_PER_MINUTE, plugins/auth.ts).
      schema: {
        summary: 'Submit a request under a plan: it starts, or waits in the queue',
        description:
          'Its title, the answers to the plan’s intake questions and files, checked as a first ' +
          'brief is; the files are the request’s brief files. Nothing is kept when it is refused.',
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        form: SUBMIT_FORM,
        response: { 201: requestSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const body = await readMultipart(request, {
        store: app.files,
        limits: deps.config.uploadLimits,
        files: BRIEF_FILE_RULES,
      });
      try {
        refuseUnknownFields(body.fields, ['title', 'answers', 'asked', 'answerFileQuestions']);
        const { title, answers, asked, answerFileQuestions } = body.fields;
        const checked = submitRequestSchema.safeParse({ title });
        if (!checked.success) {
          const details = checked.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          }));
          throw badRequest(details[0]!.message, details);
        }
        const item = await submitRequest(repos, deps.mail, caller, request.params.id, {
          ...checked.data,
          answers: { json: answers ?? '{}', ...(asked !== undefined ? { asked } : {}) },
          answerFiles: body.files.answerFiles ?? [],
          ...(answerFileQuestions !== undefined ? { answerFileQuestions } : {}),
          attachments: body.files.attachments ?? [],
        });
        return reply.code(201).send(item);
      } catch (error) {
        await body.discard();
        throw error;
      }
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
      moveInQueue(
        repos,
        requireUser(request),
        request.params.id,
        request.body.direction,
        deps.mail.timeZone,
      ),
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
      return boardRequests(
        repos,
        requireUser(request),
        { companyId: request.query.companyId },
        deps.mail.timeZone,
      );
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
      return staffRequest(
        repos,
        requireUser(request),
        request.params.id,
        deps.config.businessTimeZone,
      );
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
