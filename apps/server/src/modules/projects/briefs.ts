import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRIEF_MAX_FILES,
  BRIEF_TEXT_MAX,
  briefEntrySchema,
  orderName,
} from '@noise/shared/project';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { briefAttachments, projectBriefs } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UserRepository } from '../users/repository.ts';
import type { ProjectRepository } from './repository.ts';
import { canSeeProject } from './visibility.ts';

type BriefRow = typeof projectBriefs.$inferSelect;
type AttachmentRow = typeof briefAttachments.$inferSelect;

function toBriefDto(projectId: string, brief: BriefRow, files: AttachmentRow[]) {
  return {
    _id: brief.id,
    text: brief.text,
    authorName: brief.authorName,
    createdAt: brief.createdAt.toISOString(),
    attachments: files
      .filter((f) => f.briefId === brief.id)
      .map((f) => ({
        _id: f.id,
        name: f.originalName,
        contentType: f.contentType,
        size: f.size,
        url: `/api/projects/${projectId}/brief/attachments/${f.id}`,
      })),
  };
}

/**
 * The project brief (the 'Submit Requirements' step): text and files from the customer after
 * paying, added to later by them or by staff. Files are private: only the project's owner and
 * staff who work sales can fetch them, through these routes.
 */
export function registerBriefRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; projects: ProjectRepository; users: UserRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];
  const params = z.object({ id: z.string().min(1).max(64) });

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
      config: { access: 'client-owner' },
      schema: { tags, params, response: { 200: z.array(briefEntrySchema) } },
    },
    async (request) => {
      const project = await findVisible(request, request.params.id);
      const briefs = await deps.db
        .select()
        .from(projectBriefs)
        .where(eq(projectBriefs.projectId, project.id))
        .orderBy(asc(projectBriefs.createdAt), asc(projectBriefs.id));
      const files = briefs.length
        ? await deps.db
            .select()
            .from(briefAttachments)
            .where(
              inArray(
                briefAttachments.briefId,
                briefs.map((b) => b.id),
              ),
            )
            .orderBy(asc(briefAttachments.position))
        : [];
      return briefs.map((b) => toBriefDto(project.id, b, files));
    },
  );

  r.post(
    '/api/projects/:id/brief',
    {
      // Limited per user like every upload (UPLOAD_RATE_LIMIT_PER_MINUTE, plugins/auth.ts).
      config: { access: 'client-owner' },
      schema: {
        tags,
        params,
        consumes: ['multipart/form-data'],
        response: { 201: briefEntrySchema },
      },
    },
    async (request, reply) => {
      const project = await findVisible(request, request.params.id);
      const user = requireUser(request);
      const body = await readMultipart(request, {
        store: app.files,
        limits: deps.config.uploadLimits,
        files: { attachments: { accept: ['pdf', 'image'], max: BRIEF_MAX_FILES, private: true } },
      });
      const text = (body.fields.text ?? '').trim();
      const files = body.files.attachments ?? [];
      if (!text && files.length === 0) {
        await body.discard();
        throw badRequest('Tell us about the project or attach a file');
      }
      if (text.length > BRIEF_TEXT_MAX) {
        await body.discard();
        throw badRequest(`The brief must be at most ${BRIEF_TEXT_MAX} characters`);
      }
      const author = await deps.users.findById(user.id);
      const authorName = author ? displayNameOf(author) || author.email : '';
      try {
        const { brief, rows } = await deps.db.transaction(async (tx) => {
          const [brief] = await tx
            .insert(projectBriefs)
            .values({ projectId: project.id, authorId: user.id, authorName, text })
            .returning();
          const rows = files.length
            ? await tx
                .insert(briefAttachments)
                .values(
                  files.map((f, position) => ({
                    briefId: brief!.id,
                    fileKey: f.key,
                    originalName: f.originalName || `attachment-${position + 1}`,
                    contentType: f.contentType,
                    size: f.size,
                    position,
                  })),
                )
                .returning()
            : [];
          return { brief: brief!, rows };
        });
        if (user.id === project.userId) {
          await app.notifier.toStaff({
            kind: 'new-brief',
            title: `Brief received: ${project.serviceTitle} (${orderName(project.orderNumber)})`,
            body: `${authorName} sent the brief for ${orderName(project.orderNumber)}.`,
            link: `/wkm-dashboard/${project.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${project.id}`,
          });
        }
        return reply.status(201).send(toBriefDto(project.id, brief, rows));
      } catch (error) {
        await body.discard();
        throw error;
      }
    },
  );

  r.get(
    '/api/projects/:id/brief/attachments/:attachmentId',
    {
      config: { access: 'client-owner' },
      schema: {
        tags,
        params: params.extend({ attachmentId: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const project = await findVisible(request, request.params.id);
      const [file] = await deps.db
        .select({ attachment: briefAttachments })
        .from(briefAttachments)
        .innerJoin(projectBriefs, eq(projectBriefs.id, briefAttachments.briefId))
        .where(
          and(
            eq(briefAttachments.id, request.params.attachmentId),
            eq(projectBriefs.projectId, project.id),
          ),
        )
        .limit(1);
      if (!file) throw notFound('File not found');
      const stored = await app.files.get(file.attachment.fileKey);
      if (!stored) throw notFound('File not found');
      const safeName = file.attachment.originalName.replace(/[^\w.\- ]+/g, '_');
      return reply
        .header('content-type', file.attachment.contentType)
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(stored.body);
    },
  );
}
