import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { briefAttachments, projectBriefs } from '../../db/schema.ts';

export type BriefRow = typeof projectBriefs.$inferSelect;
export type BriefAttachmentRow = typeof briefAttachments.$inferSelect;

/** A file of a new brief entry, already stored (file store key) and checked. */
export interface NewBriefFile {
  fileKey: string;
  originalName: string;
  contentType: string;
  size: number;
}

/** The project brief's entries and their files (`project_briefs`, `brief_attachments`). */
export function createBriefRepository(db: Db) {
  return {
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
      entry: { projectId: string; authorId: string; authorName: string; text: string },
      files: NewBriefFile[],
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
