import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  briefAttachments,
  companies,
  companyFiles,
  companyFolders,
  deliverables,
  messageAttachments,
  projectBriefs,
  projectMessages,
  projects,
  proposalSignatures,
} from '../../db/schema.ts';

export type FolderRow = typeof companyFolders.$inferSelect;
export type FileRow = typeof companyFiles.$inferSelect;

/** A folder with the order it belongs to (for an order's folder), as the library shows it. */
export interface FolderWithOrder extends FolderRow {
  order: {
    orderNumber: number;
    serviceTitle: string;
    coordinatorId: string | null;
  } | null;
}

const folderColumns = {
  folder: companyFolders,
  orderNumber: projects.orderNumber,
  serviceTitle: projects.serviceTitle,
  coordinatorId: projects.coordinatorId,
};

function withOrder(row: {
  folder: FolderRow;
  orderNumber: number | null;
  serviceTitle: string | null;
  coordinatorId: string | null;
}): FolderWithOrder {
  return {
    ...row.folder,
    order:
      row.orderNumber === null
        ? null
        : {
            orderNumber: row.orderNumber,
            serviceTitle: row.serviceTitle ?? '',
            coordinatorId: row.coordinatorId,
          },
  };
}

/** An order's folder counts while its order is the company's and no longer waits for a claim. */
const orderIsTheCompanys = sql`(${companyFolders.kind} <> 'order' or (
  ${projects.companyId} = ${companyFolders.companyId} and ${projects.claimTokenHash} is null))`;

/** Company file libraries: folders, uploaded files, the bin, and each order's own files. */
export function createFileRepository(db: Db) {
  return {
    /**
     * The company's 'Brand assets' and a folder for each of its orders, made if missing (once:
     * the unique indexes keep two readers at once from making two).
     */
    async ensureSystemFolders(companyId: string): Promise<void> {
      await db.insert(companyFolders).values({ companyId, kind: 'brand' }).onConflictDoNothing();
      await db.execute(sql`
        insert into ${companyFolders} (id, company_id, kind, project_id)
        select gen_random_uuid()::text, ${projects.companyId}, 'order', ${projects.id}
        from ${projects}
        where ${projects.companyId} = ${companyId} and ${projects.claimTokenHash} is null
          and not exists (select 1 from ${companyFolders} f
            where f.company_id = ${companyId} and f.kind = 'order' and f.project_id = ${projects.id})
        on conflict do nothing`);
    },

    /** Every folder of the company, the system ones first, then by name. */
    async listFolders(companyId: string): Promise<FolderWithOrder[]> {
      const rows = await db
        .select(folderColumns)
        .from(companyFolders)
        .leftJoin(projects, eq(projects.id, companyFolders.projectId))
        .where(and(eq(companyFolders.companyId, companyId), orderIsTheCompanys))
        .orderBy(
          sql`case ${companyFolders.kind} when 'brand' then 0 when 'order' then 1 else 2 end`,
          desc(projects.orderNumber),
          asc(sql`lower(${companyFolders.name})`),
        );
      return rows.map(withOrder);
    },

    async findFolder(companyId: string, id: string): Promise<FolderWithOrder | undefined> {
      const [row] = await db
        .select(folderColumns)
        .from(companyFolders)
        .leftJoin(projects, eq(projects.id, companyFolders.projectId))
        .where(
          and(
            eq(companyFolders.id, id),
            eq(companyFolders.companyId, companyId),
            orderIsTheCompanys,
          ),
        );
      return row && withOrder(row);
    },

    /** A new folder, or undefined when its parent already has one of that name. */
    async insertFolder(values: typeof companyFolders.$inferInsert) {
      const [row] = await db
        .insert(companyFolders)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async renameFolder(companyId: string, id: string, name: string) {
      const [row] = await db
        .update(companyFolders)
        .set({ name })
        .where(
          and(
            eq(companyFolders.id, id),
            eq(companyFolders.companyId, companyId),
            eq(companyFolders.kind, 'custom'),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Removes an empty custom folder: in one statement with the check, so a file uploaded into
     * it meanwhile keeps it. Undefined when it is not empty (or not there).
     */
    async deleteEmptyFolder(companyId: string, id: string) {
      const [row] = await db
        .delete(companyFolders)
        .where(
          and(
            eq(companyFolders.id, id),
            eq(companyFolders.companyId, companyId),
            eq(companyFolders.kind, 'custom'),
            sql`not exists (select 1 from ${companyFiles} f
              where f.folder_id = ${companyFolders.id} and f.deleted_at is null)`,
            sql`not exists (select 1 from ${companyFolders} c where c.parent_id = ${id})`,
          ),
        )
        .returning();
      return row;
    },

    /** The files in a folder (null: the top of the library), newest first; the bin's left out. */
    async listFiles(companyId: string, folderId: string | null): Promise<FileRow[]> {
      return db
        .select()
        .from(companyFiles)
        .where(
          and(
            eq(companyFiles.companyId, companyId),
            folderId === null ? isNull(companyFiles.folderId) : eq(companyFiles.folderId, folderId),
            isNull(companyFiles.deletedAt),
          ),
        )
        .orderBy(desc(companyFiles.createdAt), desc(companyFiles.id));
    },

    async listBin(companyId: string): Promise<FileRow[]> {
      return db
        .select()
        .from(companyFiles)
        .where(and(eq(companyFiles.companyId, companyId), isNotNull(companyFiles.deletedAt)))
        .orderBy(desc(companyFiles.deletedAt), desc(companyFiles.id));
    },

    async findFile(companyId: string, id: string): Promise<FileRow | undefined> {
      const [row] = await db
        .select()
        .from(companyFiles)
        .where(and(eq(companyFiles.id, id), eq(companyFiles.companyId, companyId)));
      return row;
    },

    /** Bytes the company's library holds, its bin included. */
    async usedBytes(companyId: string): Promise<number> {
      const [row] = await db
        .select({ used: sql<string>`coalesce(sum(${companyFiles.size}), 0)` })
        .from(companyFiles)
        .where(eq(companyFiles.companyId, companyId));
      return Number(row?.used ?? 0);
    },

    /**
     * Records an uploaded file if the library has room for it: the company is locked while its
     * usage is added up, so two uploads at once cannot both take the last of it. `full` with the
     * bytes used when it has not.
     */
    async insertFileWithin(
      values: typeof companyFiles.$inferInsert,
      quotaBytes: number,
    ): Promise<{ file: FileRow } | { full: number }> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, values.companyId))
          .for('update');
        const [usage] = await tx
          .select({ used: sql<string>`coalesce(sum(${companyFiles.size}), 0)` })
          .from(companyFiles)
          .where(eq(companyFiles.companyId, values.companyId));
        const used = Number(usage?.used ?? 0);
        if (used + values.size > quotaBytes) return { full: used };
        const [file] = await tx.insert(companyFiles).values(values).returning();
        return { file: file! };
      });
    },

    /** Renames or moves a file that is not in the bin. */
    async updateFile(
      companyId: string,
      id: string,
      set: { name?: string; folderId?: string | null },
    ): Promise<FileRow | undefined> {
      const [row] = await db
        .update(companyFiles)
        .set(set)
        .where(
          and(
            eq(companyFiles.id, id),
            eq(companyFiles.companyId, companyId),
            isNull(companyFiles.deletedAt),
          ),
        )
        .returning();
      return row;
    },

    async moveToBin(companyId: string, id: string, byName: string, at: Date) {
      const [row] = await db
        .update(companyFiles)
        .set({ deletedAt: at, deletedByName: byName })
        .where(
          and(
            eq(companyFiles.id, id),
            eq(companyFiles.companyId, companyId),
            isNull(companyFiles.deletedAt),
          ),
        )
        .returning();
      return row;
    },

    async restoreFromBin(companyId: string, id: string) {
      const [row] = await db
        .update(companyFiles)
        .set({ deletedAt: null, deletedByName: null })
        .where(
          and(
            eq(companyFiles.id, id),
            eq(companyFiles.companyId, companyId),
            isNotNull(companyFiles.deletedAt),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Removes files from the bin for good, row and stored object: those deleted before
     * `cutoff` (at most `limit`), or the one `only` names. Each is locked (SKIP LOCKED, so two
     * processes share the work) and its object removed before its row goes: a store that fails
     * keeps the row, to try again.
     */
    async purgeBin(
      filter: { before: Date; limit: number } | { companyId: string; id: string },
      removeObject: (key: string) => Promise<void>,
    ): Promise<FileRow[]> {
      return db.transaction(async (tx) => {
        const where =
          'before' in filter
            ? and(isNotNull(companyFiles.deletedAt), lt(companyFiles.deletedAt, filter.before))
            : and(
                eq(companyFiles.id, filter.id),
                eq(companyFiles.companyId, filter.companyId),
                isNotNull(companyFiles.deletedAt),
              );
        const rows = await tx
          .select()
          .from(companyFiles)
          .where(where)
          .orderBy(asc(companyFiles.deletedAt))
          .limit('before' in filter ? filter.limit : 1)
          .for('update', { skipLocked: true });
        for (const row of rows) await removeObject(row.fileKey);
        if (rows.length) {
          await tx.delete(companyFiles).where(
            inArray(
              companyFiles.id,
              rows.map((r) => r.id),
            ),
          );
        }
        return rows;
      });
    },

    /**
     * An order's own files, for its folder: the customer-visible messages' files (a
     * deliverable's marked so; internal notes never), the brief's, and whether its proposal was
     * signed.
     */
    async orderFiles(projectId: string) {
      const messageFiles = await db
        .select({
          file: messageAttachments,
          authorName: projectMessages.authorName,
          createdAt: projectMessages.createdAt,
          deliverableId: deliverables.id,
        })
        .from(messageAttachments)
        .innerJoin(projectMessages, eq(projectMessages.id, messageAttachments.messageId))
        .leftJoin(deliverables, eq(deliverables.messageId, projectMessages.id))
        .where(and(eq(projectMessages.projectId, projectId), eq(projectMessages.internal, false)))
        .orderBy(desc(projectMessages.createdAt), asc(messageAttachments.position));
      const briefFiles = await db
        .select({
          file: briefAttachments,
          authorName: projectBriefs.authorName,
          createdAt: projectBriefs.createdAt,
        })
        .from(briefAttachments)
        .innerJoin(projectBriefs, eq(projectBriefs.id, briefAttachments.briefId))
        .where(eq(projectBriefs.projectId, projectId))
        .orderBy(desc(projectBriefs.createdAt), asc(briefAttachments.position));
      const [signature] = await db
        .select({
          quoteId: proposalSignatures.quoteId,
          name: sql<string>`${proposalSignatures.snapshot}->>'name'`,
          signedName: proposalSignatures.signedName,
          signedAt: proposalSignatures.signedAt,
        })
        .from(projects)
        .innerJoin(proposalSignatures, eq(proposalSignatures.quoteId, projects.quoteId))
        .where(eq(projects.id, projectId));
      return { messageFiles, briefFiles, signature };
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
