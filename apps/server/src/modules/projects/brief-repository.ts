import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { BriefAnswers, IntakeQuestion } from '@noise/shared/intake';
import type { Db } from '../../db/client.ts';
import { briefAttachments, customQuotes, projectBriefs, services } from '../../db/schema.ts';

export type BriefRow = typeof projectBriefs.$inferSelect;
export type BriefAttachmentRow = typeof briefAttachments.$inferSelect;

/** A file of a new brief entry, already stored (file store key) and checked. */
export interface NewBriefFile {
  fileKey: string;
  originalName: string;
  contentType: string;
  size: number;
  /** The file question it answers, if any. */
  questionId?: string | null;
}

/** The project brief's entries and their files (`project_briefs`, `brief_attachments`). */
export function createBriefRepository(db: Db) {
  return {
    /**
     * What a project's brief asks now (docs/decisions/058): its quote's questions, else its
     * service's; none when the service is gone.
     */
    async questionsFor(project: {
      serviceId: string | null;
      quoteId: string | null;
    }): Promise<IntakeQuestion[]> {
      const [row] = project.quoteId
        ? await db
            .select({ questions: customQuotes.intakeQuestions })
            .from(customQuotes)
            .where(eq(customQuotes.id, project.quoteId))
        : project.serviceId
          ? await db
              .select({ questions: services.intakeQuestions })
              .from(services)
              .where(eq(services.id, project.serviceId))
          : [];
      return row?.questions ?? [];
    },

    /** Whether the project's intake questions were answered already. */
    async hasAnswers(projectId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projectBriefs.id })
        .from(projectBriefs)
        .where(and(eq(projectBriefs.projectId, projectId), isNotNull(projectBriefs.answers)))
        .limit(1);
      return row !== undefined;
    },

    /** A project's entries, oldest first, with all their files in their order. */
    async listWithFiles(projectId: string) {
      const entries = await db
        .select()
        .from(projectBriefs)
        .where(eq(projectBriefs.projectId, projectId))
        .orderBy(asc(projectBriefs.createdAt), asc(projectBriefs.id));
      const files = entries.length
        ? await db
            .select()
            .from(briefAttachments)
            .where(
              inArray(
                briefAttachments.briefId,
                entries.map((b) => b.id),
              ),
            )
            .orderBy(asc(briefAttachments.position))
        : [];
      return { entries, files };
    },

    /** One entry and its files, in one transaction. */
    async add(
      entry: {
        projectId: string;
        authorId: string;
        authorName: string;
        text: string;
        answers?: BriefAnswers | null;
      },
      files: NewBriefFile[],
      /** Runs in the same transaction once saved (the brief's webhook event). */
      alsoInTransaction?: (tx: Db, entry: BriefRow) => Promise<void>,
    ): Promise<{ entry: BriefRow; files: BriefAttachmentRow[] }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(projectBriefs).values(entry).returning();
        const brief = row!;
        const saved = files.length
          ? await tx
              .insert(briefAttachments)
              .values(files.map((f, position) => ({ ...f, briefId: brief.id, position })))
              .returning()
          : [];
        await alsoInTransaction?.(tx, brief);
        return { entry: brief, files: saved };
      });
    },

    /** A file of one of the project's entries; undefined for any other. */
    async findFile(projectId: string, attachmentId: string) {
      const [row] = await db
        .select({ attachment: briefAttachments })
        .from(briefAttachments)
        .innerJoin(projectBriefs, eq(projectBriefs.id, briefAttachments.briefId))
        .where(and(eq(briefAttachments.id, attachmentId), eq(projectBriefs.projectId, projectId)))
        .limit(1);
      return row?.attachment;
    },
  };
}

export type BriefRepository = ReturnType<typeof createBriefRepository>;
