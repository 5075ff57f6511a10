import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { FolderKind } from '@noise/shared/files';
import { id, createdAt } from './columns.ts';
import { companies } from './companies.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * A client company's file library (modules/files, docs/product.md#files,
 * docs/decisions/082-file-library.md).
 */

/**
 * A folder of a company's library: its 'Brand assets' (one, `brand`), one per order (`order`,
 * named after the order when shown) and the ones its people make (`custom`). The system folders
 * are made when the library is first read after the company or the order appears.
 */
export const companyFolders = pgTable(
  'company_folders',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The folder it is in; null at the top of the library. */
    parentId: text('parent_id').references((): AnyPgColumn => companyFolders.id, {
      onDelete: 'restrict',
    }),
    kind: text('kind').$type<FolderKind>().notNull().default('custom'),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** A custom folder's name; '' for the system folders, whose names are made when shown. */
    name: text('name').notNull().default(''),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_folders_company_idx').on(t.companyId, t.parentId),
    uniqueIndex('company_folders_brand_unique')
      .on(t.companyId)
      .where(sql`${t.kind} = 'brand'`),
    uniqueIndex('company_folders_order_unique')
      .on(t.companyId, t.projectId)
      .where(sql`${t.kind} = 'order'`),
    // Two folders of one name in one place would be told apart by nobody.
    uniqueIndex('company_folders_name_unique')
      .on(t.companyId, sql`coalesce(${t.parentId}, '')`, sql`lower(${t.name})`)
      .where(sql`${t.kind} = 'custom'`),
    check('company_folders_kind', sql`${t.kind} in ('brand', 'order', 'custom')`),
    check(
      'company_folders_order_project',
      sql`(${t.kind} = 'order') = (${t.projectId} is not null)`,
    ),
  ],
);

/**
 * A file uploaded to a company's library: a private upload like a message's file. Deleting it
 * puts it in the bin (`deletedAt`); the bin is emptied after BIN_DAYS, object and row. The files
 * of messages, briefs and deliverables are not copied here: an order's folder shows them from
 * their own tables.
 */
export const companyFiles = pgTable(
  'company_files',
  {
    id: id(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null at the top of the library (and for a file whose folder was removed while in the bin). */
    folderId: text('folder_id').references(() => companyFolders.id, { onDelete: 'set null' }),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedById: text('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedByName: text('deleted_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_files_folder_idx').on(t.companyId, t.folderId, t.createdAt),
    index('company_files_bin_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);
