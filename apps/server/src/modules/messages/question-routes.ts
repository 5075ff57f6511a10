import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import { ATTACHMENT_KINDS } from '@noise/shared/attachments';
import { MESSAGE_MAX_FILES, messageSchema, threadPageQuery } from '@noise/shared/messages';
import {
  questionSchema,
  questionStatuses,
  questionSummarySchema,
  updateQuestionRequest,
} from '@noise/shared/questions';
import type { Config } from '../../config.ts';
import { readMultipart, refuseUnknownFields, type FileFieldRule } from '../../lib/multipart.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { libraryFileName } from '../files/file-names.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UploadForm } from '../../plugins/openapi.ts';
import {
  askQuestion,
  listQuestions,
  markQuestionRead,
  openQuestion,
  openQuestionFile,
  postQuestionMessage,
  readQuestion,
  updateQuestion,
  type QuestionDeps,
} from './question-thread.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const QUESTION_FILES: Record<string, FileFieldRule> = {
  attachments: {
    accept: ATTACHMENT_KINDS,
    max: MESSAGE_MAX_FILES,
    private: true,
    // The file library's name rules: no folders in the name ('../'), and an extension that is
    // its content's (a PNG named menu.pdf is refused), so what staff download opens.
    check: (file) => void libraryFileName(file.originalName, file.ext),
  },
};
const questionForm: UploadForm = {
  fields: { text: 'The question.' },
  files: QUESTION_FILES,
};
const messageForm: UploadForm = {
  fields: {
    text: 'The message.',
    internal: "'true': a note for the team the customer never sees (staff only).",
  },
  files: QUESTION_FILES,
};

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything): general questions of a client company,
 * outside any order. Customers whose role reads messages (`client:work`) and the team reach the
 * same routes; the module scopes each to the caller.
 */
export function registerQuestionRoutes(
  app: FastifyInstance,
  deps: QuestionDeps & { config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  r.get(
    '/api/questions',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'General questions, newest message first',
        description:
          "A customer's company's questions, or for the team every question (a co-ordinator's: those assigned to them).",
        tags,
        querystring: z.object({ status: z.enum(questionStatuses).optional() }),
        response: { 200: z.array(questionSummarySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listQuestions(deps, requireUser(request), request.query.status);
    },
  );

  r.post(
    '/api/questions',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'Ask a general question (customers)',
        tags,
        consumes: ['multipart/form-data'],
        form: questionForm,
        description:
          'Fields: text (required); files: attachments (PDFs, images, office documents or zip files, checked by their bytes).',
        response: { 201: questionSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const body = await readMultipart(request, {
        store: app.files,
        limits: deps.config.uploadLimits,
        files: QUESTION_FILES,
        preservePath: true,
      });
      try {
        refuseUnknownFields(body.fields, ['text']);
        const question = await askQuestion(deps, {
          caller,
          text: body.fields.text ?? '',
          files: body.files.attachments ?? [],
        });
        return reply.status(201).send(question);
      } catch (error) {
        await body.discard();
        throw error;
      }
    },
  );

  r.get(
    '/api/questions/:id',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'A general question and its messages',
        description:
          'A page of the thread, oldest first: the newest messages, or with `before` (the `olderCursor` of a page) those before it.',
        tags,
        params,
        querystring: threadPageQuery,
        response: { 200: questionSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const question = await openQuestion(deps, caller, request.params.id);
      reply.header('cache-control', 'private, no-store');
      return readQuestion(deps, caller, question, request.query);
    },
  );

  r.patch(
    '/api/questions/:id',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: 'Assign a general question, close or reopen it',
        tags,
        params,
        body: updateQuestionRequest,
        response: { 200: questionSchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const question = await openQuestion(deps, caller, request.params.id);
      return updateQuestion(deps, caller, question, request.body);
    },
  );

  r.post(
    '/api/questions/:id/messages',
    {
      config: { access: 'client:work' },
      schema: {
        summary: 'Post a message on a general question',
        tags,
        params,
        consumes: ['multipart/form-data'],
        form: messageForm,
        description:
          'Fields: text; internal=true (staff: a note the customer never sees); files: attachments.',
        response: { 201: messageSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const question = await openQuestion(deps, caller, request.params.id);
      const body = await readMultipart(request, {
        store: app.files,
        limits: deps.config.uploadLimits,
        files: QUESTION_FILES,
        preservePath: true,
      });
      try {
        refuseUnknownFields(body.fields, ['text', 'internal']);
        const message = await postQuestionMessage(deps, {
          caller,
          question,
          text: body.fields.text ?? '',
          internal: body.fields.internal === 'true',
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
    '/api/questions/:id/messages/attachments/:attachmentId',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "Download a general question's file",
        tags,
        params: params.extend({ attachmentId: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const question = await openQuestion(deps, caller, request.params.id);
      const { file, body } = await openQuestionFile(
        deps,
        caller,
        question,
        request.params.attachmentId,
      );
      return sendPrivateFile(reply, file, body);
    },
  );

  r.post(
    '/api/questions/:id/read',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "Mark a general question's messages read",
        tags,
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      await markQuestionRead(deps, caller, await openQuestion(deps, caller, request.params.id));
      return reply.status(204).send(null);
    },
  );
}
