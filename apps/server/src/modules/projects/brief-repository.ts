import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BriefAnswers, IntakeQuestion } from '@noise/shared/intake';
import type { Db } from '../../db/client.ts';
import {
  briefAttachments,
  briefRevisions,
  customQuotes,
  projectBriefs,
  projectStatusUpdates,
  services,
} from '../../db/schema.ts';

export type BriefRow = typeof projectBriefs.$inferSelect;
export type BriefRevisionRow = typeof briefRevisions.$inferSelect;
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

    /** A project's entries, oldest first, with all their files in their order and their history. */
    async listWithFiles(projectId: string) {
      const entries = await db
        .select()
        .from(projectBriefs)
        .where(eq(projectBriefs.projectId, projectId))
        .orderBy(asc(projectBriefs.createdAt), asc(projectBriefs.id));
      const ids = entries.map((b) => b.id);
      const [files, revisions] = ids.length
        ? await Promise.all([
            db
              .select()
              .from(briefAttachments)
              .where(inArray(briefAttachments.briefId, ids))
              .orderBy(asc(briefAttachments.position)),
            db
              .select()
              .from(briefRevisions)
              .where(inArray(briefRevisions.briefId, ids))
              .orderBy(asc(briefRevisions.createdAt), asc(briefRevisions.id)),
          ])
        : [[], []];
      return { entries, files, revisions };
    },

    /** Whether the team has posted a status update on the project: its work has started. */
    async hasStatusUpdates(projectId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projectStatusUpdates.id })
        .from(projectStatusUpdates)
        .where(eq(projectStatusUpdates.projectId, projectId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Corrects an entry of the project: what it said goes to its history and the new words take
     * its place, in one transaction with the entry locked, so two corrections at once both keep
     * what they replaced. Undefined when the entry is not the project's.
     */
    async correct(
      projectId: string,
      briefId: string,
      change: (current: BriefRow) => { text: string; answers: BriefAnswers | null } | null,
      by: { id: string; name: string },
    ): Promise<{ entry: BriefRow; changed: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(projectBriefs)
          .where(and(eq(projectBriefs.id, briefId), eq(projectBriefs.projectId, projectId)))
          .for('update');
        if (!current) return undefined;
        const next = change(current);
        if (!next) return { entry: current, changed: false };
        await tx.insert(briefRevisions).values({
          briefId,
          text: current.text,
          answers: current.answers,
          correctedById: by.id,
          correctedByName: by.name,
        });
        const [row] = await tx
          .update(projectBriefs)
          .set({ text: next.text, answers: next.answers, correctedAt: sql`now()` })
          .where(eq(projectBriefs.id, briefId))
          .returning();
        return { entry: row!, changed: true };
      });
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
