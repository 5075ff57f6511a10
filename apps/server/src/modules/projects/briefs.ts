import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import { z } from 'zod';
import { briefEntrySchema, briefQuestionsSchema, correctBriefRequest } from '@noise/shared/project';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { notFound } from '../../lib/errors.ts';
import { readMultipart, refuseUnknownFields } from '../../lib/multipart.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UploadForm } from '../../plugins/openapi.ts';
import type { UserRepository } from '../users/repository.ts';
import {
  addBrief,
  BRIEF_FILE_RULES,
  correctBrief,
  listBrief,
  openBriefAttachment,
  readBriefQuestions,
  type BriefDeps,
} from './project-brief.ts';
import type { ProjectRepository } from './repository.ts';
import { canSeeProject } from './visibility.ts';

/**
 * The project brief (the 'Submit Requirements' step): text and files from the customer after
 * paying, added to later by them or by staff. Files are private: only the project's owner and
 * staff who work sales can fetch them, through these routes.
 */
export function registerBriefRoutes(
  app: FastifyInstance,
  deps: {
    repos: Repositories;
    config: Config;
    projects: ProjectRepository;
    users: UserRepository;
    now: () => Date;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const briefDeps: BriefDeps = {
    briefs: deps.repos.briefs,
    projects: deps.projects,
    timeZone: deps.config.businessTimeZone,
    now: deps.now,
    users: deps.users,
    notifier: app.notifier,
    files: app.files,
  };
  const params = z.object({ id: z.string().min(1).max(64) });
  const BRIEF_FILES = BRIEF_FILE_RULES;
  const briefForm: UploadForm = {
    fields: {
      text: 'The brief, in words.',
      answers: "JSON object: the first brief's answers to the intake questions, by question id.",
      asked:
        'JSON list: the `signature` of each question answered, as GET …/brief/questions gives it.',
      nothingToAdd:
        "'true' when every question is left blank and nothing is written or attached on purpose.",
      answerFileQuestions:
        'JSON list: for each answerFiles file, the id of the question it answers.',
    },
    files: BRIEF_FILES,
  };

  async function findVisible(request: FastifyRequest, id: string) {
    const user = requireUser(request);
    const project = await deps.projects.findById(id);
    if (!project || !canSeeProject(user, project)) {
      throw notFound('Project not found');
    }
    return project;
  }

  r.get(
    '/api/projects/:id/brief',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "A project's brief",
        tags,
        params,
        response: { 200: z.array(briefEntrySchema) },
      },
    },
    async (request) => {
      return listBrief(briefDeps, await findVisible(request, request.params.id));
    },
  );

  r.post(
    '/api/projects/:id/brief',
    {
      // Limited per user like every upload (UPLOAD_RATE_LIMIT_PER_MINUTE, plugins/auth.ts).
      config: { access: 'client:work' },
      schema: {
        summary: 'Send a brief (text, answers and files) for a project',
        tags,
        params,
        consumes: ['multipart/form-data'],
        form: briefForm,
        response: { 201: briefEntrySchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const project = await findVisible(request, request.params.id);
      const user = requireUser(request);
      const body = await readMultipart(request, {
        store: app.files,
        limits: deps.config.uploadLimits,
        files: BRIEF_FILES,
      });
      try {
        refuseUnknownFields(body.fields, [
          'text',
          'answers',
          'asked',
          'answerFileQuestions',
          'nothingToAdd',
        ]);
        const { text, answers, asked, answerFileQuestions, nothingToAdd } = body.fields;
        const entry = await addBrief(briefDeps, {
          project,
          authorId: user.id,
          text: text ?? '',
          files: body.files.attachments ?? [],
          ...(answers !== undefined ? { answers: { json: answers, asked: asked ?? '[]' } } : {}),
          answerFiles: body.files.answerFiles ?? [],
          ...(answerFileQuestions !== undefined ? { answerFileQuestions } : {}),
          nothingToAdd: nothingToAdd === 'true',
        });
        return reply.status(201).send(entry);
      } catch (error) {
        await body.discard();
        throw error;
      }
    },
  );

  r.put(
    '/api/projects/:id/brief/:entryId',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "Correct the client's brief before work starts",
        description:
          'Its words and answers (files stay). Refused (409) once the team posted a status update ' +
          'or the project left In Progress; the team reads what it said before.',
        tags,
        params: params.extend({ entryId: z.string().min(1).max(64) }),
        body: correctBriefRequest,
        response: { 200: briefEntrySchema, 409: apiErrorSchema },
      },
    },
    async (request) =>
      correctBrief(briefDeps, {
        project: await findVisible(request, request.params.id),
        callerId: requireUser(request).id,
        briefId: request.params.entryId,
        text: request.body.text,
        answers: request.body.answers,
      }),
  );

  r.get(
    '/api/projects/:id/brief/questions',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "The questions a project's brief asks",
        tags,
        params,
        description:
          'What the brief asks now (the service’s or quote’s intake questions), and whether they were answered already.',
        response: { 200: briefQuestionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readBriefQuestions(briefDeps, await findVisible(request, request.params.id));
    },
  );

  r.get(
    '/api/projects/:id/brief/attachments/:attachmentId',
    {
      config: { access: 'client:work' },
      schema: {
        summary: "Download a brief's file",
        tags,
        params: params.extend({ attachmentId: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const project = await findVisible(request, request.params.id);
      const { file, body } = await openBriefAttachment(
        briefDeps,
        project,
        request.params.attachmentId,
      );
      return sendPrivateFile(reply, file, body);
    },
  );
}
