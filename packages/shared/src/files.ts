import { z } from 'zod';

/**
 * A client company's file library (docs/product.md#files, docs/decisions/082-file-library.md):
 * folders ('Brand assets', one per order, and the company's own), uploaded files, and the files
 * of each order's messages, brief, deliverables and signed proposal shown in its folder. The
 * server checks every file by its bytes (apps/server/src/lib/detect-file-type.ts) and is the
 * only judge; the rules here are the browser's first check and the server's request schemas.
 */

/** The upload kinds (apps/server/src/lib/detect-file-type.ts) a library file may be. */
export const LIBRARY_KINDS = ['image', 'pdf', 'video', 'document', 'zip'] as const;

export const LIBRARY_TYPES_TEXT = 'images, PDFs, videos, office documents and zip files';

export const FILE_NAME_MAX = 200;
export const FOLDER_NAME_MAX = 80;
/** How long a deleted file waits in the bin before it is removed for good. */
export const BIN_DAYS = 30;
export const BRAND_FOLDER_NAME = 'Brand assets';

// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Why a file or folder name cannot be used, or null when it can: never blank, never a path (no
 * `/` or `\`, not `.` or `..`), no control characters, and not longer than `max`.
 */
export function nameProblem(name: string, what: 'file' | 'folder'): string | null {
  const max = what === 'file' ? FILE_NAME_MAX : FOLDER_NAME_MAX;
  const trimmed = name.trim();
  if (!trimmed) return `Enter a name for the ${what}`;
  if (trimmed.length > max) return `A ${what} name can be at most ${max} characters`;
  if (CONTROL.test(name)) return `A ${what} name cannot contain control characters`;
  if (/[/\\]/.test(name)) return `A ${what} name cannot contain / or \\`;
  if (trimmed === '.' || trimmed === '..') return `A ${what} name cannot be . or ..`;
  return null;
}

const nameSchema = (what: 'file' | 'folder') =>
  z
    .string()
    .max(
      1000,
      `A ${what} name can be at most ${what === 'file' ? FILE_NAME_MAX : FOLDER_NAME_MAX} characters`,
    )
    .superRefine((name, ctx) => {
      const problem = nameProblem(name, what);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((name) => name.trim());

export const fileNameSchema = nameSchema('file');
export const folderNameSchema = nameSchema('folder');

/** The extension of a name, lower case, without its dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const librarySources = ['upload', 'message', 'brief', 'deliverable', 'proposal'] as const;
export type LibrarySource = (typeof librarySources)[number];

export const librarySourceLabels: Record<LibrarySource, string> = {
  upload: 'Uploaded',
  message: 'From a message',
  brief: 'From the brief',
  deliverable: 'Deliverable',
  proposal: 'Signed proposal',
};

export const folderKinds = ['brand', 'order', 'custom'] as const;
export type FolderKind = (typeof folderKinds)[number];

export const libraryFolderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(folderKinds),
  parentId: z.string().nullable(),
  /** The order of an order's folder. */
  projectId: z.string().nullable(),
});
export type LibraryFolder = z.infer<typeof libraryFolderSchema>;

export const libraryFileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  /** Bytes; null for a signed proposal, which is drawn when it is opened. */
  size: z.number().int().nullable(),
  source: z.enum(librarySources),
  /** Where it downloads from, with the session (the same rules as the file's own page). */
  url: z.string(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  folderId: z.string().nullable(),
  /** Files of a conversation, brief or proposal: they belong there and cannot change here. */
  readOnly: z.boolean(),
  /** In the bin: when it was deleted, by whom, and when it goes for good. */
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
  purgeAt: z.string().nullable(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

export const libraryUsageSchema = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type LibraryUsage = z.infer<typeof libraryUsageSchema>;

export const libraryListingSchema = z.object({
  usage: libraryUsageSchema,
  /** The folder shown; null for the top of the library. */
  folder: libraryFolderSchema.nullable(),
  /** From the top down to the folder shown (empty at the top). */
  path: z.array(libraryFolderSchema),
  folders: z.array(libraryFolderSchema),
  files: z.array(libraryFileSchema),
  /** Every folder a file may be moved into, with its full name ('Brand assets / Logos'). */
  destinations: z.array(z.object({ _id: z.string(), label: z.string() })),
});
export type LibraryListing = z.infer<typeof libraryListingSchema>;

export const libraryQuerySchema = z.object({ folder: z.string().min(1).max(64).optional() });

export const binListingSchema = z.object({
  usage: libraryUsageSchema,
  files: z.array(libraryFileSchema),
});
export type BinListing = z.infer<typeof binListingSchema>;

export const createFolderRequest = z.object({
  name: folderNameSchema,
  /** Inside this folder; the top of the library when absent. */
  parentId: z.string().min(1).max(64).nullable().optional(),
});
export type CreateFolderRequest = z.input<typeof createFolderRequest>;

export const renameFolderRequest = z.object({ name: folderNameSchema });

/** Rename, move (folderId: null for the top of the library), or both. */
export const updateFileRequest = z
  .object({
    name: fileNameSchema.optional(),
    folderId: z.string().min(1).max(64).nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.folderId !== undefined, {
    message: 'Send a new name or a folder to move the file to',
  });
export type UpdateFileRequest = z.input<typeof updateFileRequest>;

/** '1.2 MB', '340 KB', '5 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = value >= 10 ? Math.round(value) : Number(value.toFixed(1));
  return `${rounded} ${units[unit]}`;
}
