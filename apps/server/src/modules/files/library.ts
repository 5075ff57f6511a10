import {
  BIN_DAYS,
  BRAND_FOLDER_NAME,
  formatBytes,
  nameProblem,
  type BinListing,
  type LibraryFile,
  type LibraryFolder,
  type LibraryListing,
} from '@noise/shared/files';
import { callerCan } from '@noise/shared/permissions';
import { orderName } from '@noise/shared/project-constants';
import { isStaffRole, seesOnlyAssigned } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/display-name';
import type { Config } from '../../config.ts';
import { isUniqueViolation } from '../../lib/error-codes.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { CheckedUpload, SavedUpload, UploadCap } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FileStore } from '../../plugins/file-store.ts';
import type { Repositories } from '../../repositories.ts';
import { signedProposalFilename } from '../quotes/render-proposal.ts';
import { libraryFileName, storedTypeOf } from './file-names.ts';
import type { FileRow, FolderWithOrder } from './repository.ts';

/** What the library's functions run on (docs/decisions/082-file-library.md). */
export interface LibraryDeps {
  repos: Pick<Repositories, 'files' | 'companies' | 'users'>;
  config: Pick<Config, 'companyFilesQuotaBytes' | 'uploadLimits'>;
  store: FileStore;
  now?: () => Date;
}

/** A company's library as one caller may see it. */
export interface Library {
  companyId: string;
  /** A co-ordinator's id: only the folders of the orders assigned to them. */
  assignedTo: string | null;
}

const DAY_MS = 24 * 3600_000;
const FOLDER_NOT_FOUND = 'Folder not found';
const FILE_NOT_FOUND = 'File not found';

/**
 * The library of `companyId` if the caller may see it; 404 for anyone else (ids reveal nothing).
 * A customer sees their own company's; staff who work customers or sales any company's, a
 * co-ordinator only one with an order assigned to them (docs/decisions/056).
 */
export async function openLibrary(
  deps: LibraryDeps,
  caller: AuthUser,
  companyId: string,
): Promise<Library> {
  if (!isStaffRole(caller.role)) {
    if (caller.companyId !== companyId) throw notFound('Library not found');
    return { companyId, assignedTo: null };
  }
  const staff = callerCan(caller, 'customers:manage') || callerCan(caller, 'sales:manage');
  const assignedTo = seesOnlyAssigned(caller.role) ? caller.id : null;
  const visible =
    staff &&
    (assignedTo
      ? await deps.repos.companies.isAssigned(companyId, assignedTo)
      : await deps.repos.companies.exists(companyId));
  if (!visible) throw notFound('Library not found');
  return { companyId, assignedTo };
}

const folderName = (folder: FolderWithOrder) => {
  if (folder.kind === 'brand') return BRAND_FOLDER_NAME;
  if (folder.kind === 'order' && folder.order) {
    return `${orderName(folder.order.orderNumber)} · ${folder.order.serviceTitle}`;
  }
  return folder.name;
};

const folderDto = (folder: FolderWithOrder): LibraryFolder => ({
  _id: folder.id,
  name: folderName(folder),
  kind: folder.kind,
  parentId: folder.parentId,
  projectId: folder.projectId,
});

/**
 * The company's folders this caller sees: all of them, but a co-ordinator's leave out the
 * folders of orders that are not theirs and everything inside them.
 */
async function visibleFolders(deps: LibraryDeps, library: Library) {
  await deps.repos.files.ensureSystemFolders(library.companyId);
  const all = await deps.repos.files.listFolders(library.companyId);
  const byId = new Map(all.map((f) => [f.id, f]));
  const hidden = (folder: FolderWithOrder): boolean => {
    for (let f: FolderWithOrder | undefined = folder, depth = 0; f && depth < 50; depth++) {
      if (f.kind === 'order' && library.assignedTo && f.order?.coordinatorId !== library.assignedTo)
        return true;
      f = f.parentId ? byId.get(f.parentId) : undefined;
    }
    return false;
  };
  const visible = all.filter((f) => !hidden(f));
  return { visible, byId: new Map(visible.map((f) => [f.id, f])) };
}

function pathOf(folder: FolderWithOrder, byId: Map<string, FolderWithOrder>): FolderWithOrder[] {
  const path: FolderWithOrder[] = [];
  for (let f: FolderWithOrder | undefined = folder; f && path.length < 50;) {
    path.unshift(f);
    f = f.parentId ? byId.get(f.parentId) : undefined;
  }
  return path;
}

/** A folder of the library this caller sees, or 404 (another company's is not found either). */
async function folderIn(deps: LibraryDeps, library: Library, folderId: string) {
  const { byId } = await visibleFolders(deps, library);
  const folder = byId.get(folderId);
  if (!folder) throw notFound(FOLDER_NOT_FOUND);
  return folder;
}

const purgeAtOf = (deletedAt: Date) => new Date(deletedAt.getTime() + BIN_DAYS * DAY_MS);

function uploadedFileDto(library: Library, file: FileRow): LibraryFile {
  return {
    _id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    source: 'upload',
    url: `/api/companies/${library.companyId}/files/${file.id}/content`,
    uploadedBy: file.uploadedByName,
    createdAt: file.createdAt.toISOString(),
    folderId: file.folderId,
    readOnly: false,
    deletedAt: file.deletedAt?.toISOString() ?? null,
    deletedBy: file.deletedByName,
    purgeAt: file.deletedAt ? purgeAtOf(file.deletedAt).toISOString() : null,
  };
}

/**
 * An order's own files, shown in its folder and served by their own routes (with their own
 * checks): the messages' (internal notes never), the brief's and the signed proposal.
 */
async function orderFileDtos(deps: LibraryDeps, folder: FolderWithOrder): Promise<LibraryFile[]> {
  const projectId = folder.projectId!;
  const { messageFiles, briefFiles, signature } = await deps.repos.files.orderFiles(projectId);
  const common = { folderId: folder.id, readOnly: true, deletedAt: null, deletedBy: null };
  const files: LibraryFile[] = [];
  if (signature) {
    files.push({
      ...common,
      _id: signature.quoteId,
      name: signedProposalFilename(signature.name ?? ''),
      contentType: 'application/pdf',
      size: null,
      source: 'proposal',
      url: `/api/quotes/${signature.quoteId}/signed.pdf`,
      uploadedBy: signature.signedName,
      createdAt: signature.signedAt.toISOString(),
      purgeAt: null,
    });
  }
  for (const m of messageFiles) {
    files.push({
      ...common,
      _id: m.file.id,
      name: m.file.originalName,
      contentType: m.file.contentType,
      size: m.file.size,
      source: m.deliverableId ? 'deliverable' : 'message',
      url: `/api/projects/${projectId}/messages/attachments/${m.file.id}`,
      uploadedBy: m.authorName,
      createdAt: m.createdAt.toISOString(),
      purgeAt: null,
    });
  }
  for (const b of briefFiles) {
    files.push({
      ...common,
      _id: b.file.id,
      name: b.file.originalName,
      contentType: b.file.contentType,
      size: b.file.size,
      source: 'brief',
      url: `/api/projects/${projectId}/brief/attachments/${b.file.id}`,
      uploadedBy: b.authorName,
      createdAt: b.createdAt.toISOString(),
      purgeAt: null,
    });
  }
  return files;
}

async function usageOf(deps: LibraryDeps, library: Library) {
  return {
    usedBytes: await deps.repos.files.usedBytes(library.companyId),
    quotaBytes: deps.config.companyFilesQuotaBytes,
  };
}

/** GET …/files: the top of the library, or one folder, with what may be moved where. */
export async function readLibrary(
  deps: LibraryDeps,
  library: Library,
  folderId: string | undefined,
): Promise<LibraryListing> {
  const { visible, byId } = await visibleFolders(deps, library);
  const folder = folderId ? byId.get(folderId) : undefined;
  if (folderId && !folder) throw notFound(FOLDER_NOT_FOUND);
  const here = folder?.id ?? null;
  const uploaded = (await deps.repos.files.listFiles(library.companyId, here)).map((f) =>
    uploadedFileDto(library, f),
  );
  const own = folder?.kind === 'order' ? await orderFileDtos(deps, folder) : [];
  return {
    usage: await usageOf(deps, library),
    folder: folder ? folderDto(folder) : null,
    path: folder ? pathOf(folder, byId).map(folderDto) : [],
    folders: visible.filter((f) => f.parentId === here).map(folderDto),
    files: [...uploaded, ...own],
    destinations: visible.map((f) => ({
      _id: f.id,
      label: pathOf(f, byId).map(folderName).join(' / '),
    })),
  };
}

/** The room left in the library, as a limit on the upload's stream (lib/uploads.ts). */
export async function uploadRoom(deps: LibraryDeps, library: Library): Promise<UploadCap> {
  const usage = await usageOf(deps, library);
  const free = Math.max(0, usage.quotaBytes - usage.usedBytes);
  const refuse = () => overQuota(usage.usedBytes, usage.quotaBytes);
  if (free === 0) throw refuse();
  return { bytes: free, refuse };
}

function overQuota(used: number, quota: number) {
  return new AppError(
    'quota_exceeded',
    413,
    `This file does not fit in the library: ${formatBytes(used)} of ${formatBytes(quota)} is used. ` +
      'Delete files you no longer need, and delete them for good from the bin, to make room.',
  );
}

/**
 * Checks an upload before it is stored (lib/multipart.ts): its folder (sent before the file) is
 * one of this library's, and its name is a name and says what the file is.
 */
export async function checkUpload(
  deps: LibraryDeps,
  library: Library,
  file: CheckedUpload,
  fields: Record<string, string>,
) {
  if (fields.folderId) await folderIn(deps, library, fields.folderId);
  libraryFileName(file.originalName, file.ext);
}

/** POST …/files: records a file stored by the upload, if the library still has room for it. */
export async function addUploadedFile(
  deps: LibraryDeps,
  caller: AuthUser,
  library: Library,
  folderId: string | undefined,
  saved: SavedUpload | undefined,
): Promise<LibraryFile> {
  if (!saved)
    throw badRequest('Choose a file to upload', [
      { path: 'file', message: 'Choose a file to upload' },
    ]);
  const folder = folderId ? await folderIn(deps, library, folderId) : null;
  const result = await deps.repos.files.insertFileWithin(
    {
      companyId: library.companyId,
      folderId: folder?.id ?? null,
      fileKey: saved.key,
      name: libraryFileName(saved.originalName, storedTypeOf(saved.key)),
      contentType: saved.contentType,
      size: saved.size,
      uploadedById: caller.apiKey ? null : caller.id,
      uploadedByName: await nameOf(deps, caller),
    },
    deps.config.companyFilesQuotaBytes,
  );
  if ('full' in result) throw overQuota(result.full, deps.config.companyFilesQuotaBytes);
  return uploadedFileDto(library, result.file);
}

async function nameOf(deps: LibraryDeps, caller: AuthUser) {
  if (caller.apiKey) return caller.apiKey.name;
  const user = await deps.repos.users.findById(caller.id);
  return user ? displayNameOf(user) || user.email : '';
}

/** GET …/files/{id}/content: an uploaded file, served as every private file is. */
export async function openLibraryFile(deps: LibraryDeps, library: Library, fileId: string) {
  const file = await deps.repos.files.findFile(library.companyId, fileId);
  if (!file || file.deletedAt) throw notFound(FILE_NOT_FOUND);
  if (file.folderId) await folderIn(deps, library, file.folderId);
  const stored = await deps.store.get(file.fileKey);
  if (!stored) throw notFound(FILE_NOT_FOUND);
  return { file: { originalName: file.name, contentType: file.contentType }, body: stored.body };
}

/** An uploaded file of this library that the caller sees, not in the bin. */
async function liveFile(deps: LibraryDeps, library: Library, fileId: string) {
  const file = await deps.repos.files.findFile(library.companyId, fileId);
  if (!file || file.deletedAt) throw notFound(FILE_NOT_FOUND);
  if (file.folderId) await folderIn(deps, library, file.folderId);
  return file;
}

/** PATCH …/files/{id}: rename, move (folderId null: the top of the library), or both. */
export async function updateLibraryFile(
  deps: LibraryDeps,
  library: Library,
  fileId: string,
  change: { name?: string; folderId?: string | null },
): Promise<LibraryFile> {
  const file = await liveFile(deps, library, fileId);
  const set: { name?: string; folderId?: string | null } = {};
  if (change.name !== undefined)
    set.name = libraryFileName(change.name, storedTypeOf(file.fileKey));
  if (change.folderId !== undefined) {
    set.folderId = change.folderId && (await folderIn(deps, library, change.folderId)).id;
  }
  const updated = await deps.repos.files.updateFile(library.companyId, file.id, set);
  if (!updated) throw notFound(FILE_NOT_FOUND);
  return uploadedFileDto(library, updated);
}

/** DELETE …/files/{id}: into the bin, for BIN_DAYS. */
export async function binLibraryFile(
  deps: LibraryDeps,
  caller: AuthUser,
  library: Library,
  fileId: string,
): Promise<LibraryFile> {
  const file = await liveFile(deps, library, fileId);
  const now = deps.now?.() ?? new Date();
  const binned = await deps.repos.files.moveToBin(
    library.companyId,
    file.id,
    await nameOf(deps, caller),
    now,
  );
  if (!binned) throw notFound(FILE_NOT_FOUND);
  return uploadedFileDto(library, binned);
}

/** GET …/bin: the deleted files, newest first, with when each goes for good. */
export async function readBin(deps: LibraryDeps, library: Library): Promise<BinListing> {
  const { byId } = await visibleFolders(deps, library);
  const files = await deps.repos.files.listBin(library.companyId);
  return {
    usage: await usageOf(deps, library),
    files: files
      .filter((f) => !f.folderId || byId.has(f.folderId))
      .map((f) => uploadedFileDto(library, f)),
  };
}

/** A file in the bin of this library that the caller sees. */
async function binnedFile(deps: LibraryDeps, library: Library, fileId: string) {
  const file = await deps.repos.files.findFile(library.companyId, fileId);
  if (!file?.deletedAt) throw notFound('That file is not in the bin');
  if (file.folderId) await folderIn(deps, library, file.folderId);
  return file;
}

/** POST …/bin/{id}/restore: back where it was (the top, if its folder was removed meanwhile). */
export async function restoreLibraryFile(
  deps: LibraryDeps,
  library: Library,
  fileId: string,
): Promise<LibraryFile> {
  const file = await binnedFile(deps, library, fileId);
  const restored = await deps.repos.files.restoreFromBin(library.companyId, file.id);
  if (!restored) throw notFound('That file is not in the bin');
  return uploadedFileDto(library, restored);
}

/** DELETE …/bin/{id}: gone for good now, object and all, freeing its room at once. */
export async function purgeLibraryFile(deps: LibraryDeps, library: Library, fileId: string) {
  const file = await binnedFile(deps, library, fileId);
  const purged = await deps.repos.files.purgeBin(
    { companyId: library.companyId, id: file.id },
    (key) => deps.store.delete(key),
  );
  if (!purged.length) throw notFound('That file is not in the bin');
}

/** POST …/folders: a folder of the company's own, at the top or inside another. */
export async function createLibraryFolder(
  deps: LibraryDeps,
  caller: AuthUser,
  library: Library,
  request: { name: string; parentId?: string | null },
): Promise<LibraryFolder> {
  const parent = request.parentId ? await folderIn(deps, library, request.parentId) : null;
  await refuseTakenName(deps, library, parent?.id ?? null, request.name);
  const folder = await deps.repos.files.insertFolder({
    companyId: library.companyId,
    parentId: parent?.id ?? null,
    kind: 'custom',
    name: request.name,
    createdById: caller.apiKey ? null : caller.id,
  });
  if (!folder) throw takenName(request.name);
  return folderDto({ ...folder, order: null });
}

const takenName = (name: string) => conflict(`There is already a folder named '${name}' here`);

/** Folder names are one per place, whatever their case; the system folders' names too. */
async function refuseTakenName(
  deps: LibraryDeps,
  library: Library,
  parentId: string | null,
  name: string,
  except?: string,
) {
  const problem = nameProblem(name, 'folder');
  if (problem) throw badRequest(problem, [{ path: 'name', message: problem }]);
  await deps.repos.files.ensureSystemFolders(library.companyId);
  const all = await deps.repos.files.listFolders(library.companyId);
  const folded = name.trim().toLocaleLowerCase('en-AU');
  const taken = all.some(
    (f) =>
      f.id !== except &&
      f.parentId === parentId &&
      folderName(f).toLocaleLowerCase('en-AU') === folded,
  );
  if (taken) throw takenName(name.trim());
}

async function customFolder(deps: LibraryDeps, library: Library, folderId: string) {
  const folder = await folderIn(deps, library, folderId);
  if (folder.kind !== 'custom') {
    throw badRequest(`'${folderName(folder)}' is made for you: it cannot be renamed or deleted`);
  }
  return folder;
}

/** PATCH …/folders/{id}: renames a folder of the company's own. */
export async function renameLibraryFolder(
  deps: LibraryDeps,
  library: Library,
  folderId: string,
  name: string,
): Promise<LibraryFolder> {
  const folder = await customFolder(deps, library, folderId);
  await refuseTakenName(deps, library, folder.parentId, name, folder.id);
  let renamed;
  try {
    renamed = await deps.repos.files.renameFolder(library.companyId, folder.id, name);
  } catch (error) {
    if (isUniqueViolation(error)) throw takenName(name);
    throw error;
  }
  if (!renamed) throw notFound(FOLDER_NOT_FOUND);
  return folderDto({ ...renamed, order: null });
}

/** DELETE …/folders/{id}: an empty folder of the company's own; one with files is refused. */
export async function deleteLibraryFolder(deps: LibraryDeps, library: Library, folderId: string) {
  const folder = await customFolder(deps, library, folderId);
  const deleted = await deps.repos.files.deleteEmptyFolder(library.companyId, folder.id);
  if (!deleted) {
    throw conflict(`'${folder.name}' is not empty: move or delete its files and folders first`);
  }
}
