import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import {
  binListingSchema,
  createFolderRequest,
  LIBRARY_KINDS,
  libraryFileSchema,
  libraryFolderSchema,
  libraryListingSchema,
  libraryQuerySchema,
  renameFolderRequest,
  updateFileRequest,
} from '@noise/shared/files';
import { readMultipart, refuseUnknownFields, type FileFieldRule } from '../../lib/multipart.ts';
import { sendPrivateFile } from '../../lib/private-file.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { UploadForm } from '../../plugins/openapi.ts';
import {
  addUploadedFile,
  binLibraryFile,
  checkUpload,
  createLibraryFolder,
  deleteLibraryFolder,
  openLibrary,
  openLibraryFile,
  purgeLibraryFile,
  readBin,
  readLibrary,
  renameLibraryFolder,
  restoreLibraryFile,
  updateLibraryFile,
  uploadRoom,
  type LibraryDeps,
} from './library.ts';

const id = z.string().min(1).max(64);
const companyParams = z.object({ companyId: id });
const fileParams = companyParams.extend({ fileId: id });
const folderParams = companyParams.extend({ folderId: id });

const LIBRARY_FILE: FileFieldRule = { accept: LIBRARY_KINDS, max: 1, private: true };
const uploadForm: UploadForm = {
  fields: {
    folderId: 'The folder to put it in (before the file); the top of the library if absent.',
  },
  files: { file: LIBRARY_FILE },
  required: ['file'],
};

/**
 * A client company's file library (docs/product.md#files, docs/decisions/082-file-library.md):
 * its people see it and upload (`client:files`), its owners and staff rename, move, delete and
 * restore (`client:files-manage`). Staff reach any company's, a co-ordinator only one with an
 * order assigned to them; everyone else is answered 404.
 */
export function registerFileRoutes(app: FastifyInstance, deps: Omit<LibraryDeps, 'store'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  const files = { ...deps, store: app.files };
  const see = 'client:files' as const;
  const manage = 'client:files-manage' as const;
  const open = (request: FastifyRequest, companyId: string) =>
    openLibrary(files, requireUser(request), companyId);

  r.get(
    '/api/companies/:companyId/files',
    {
      config: { access: see },
      schema: {
        summary: "A company's file library: the top, or one folder",
        tags,
        params: companyParams,
        querystring: libraryQuerySchema,
        response: { 200: libraryListingSchema },
      },
    },
    async (request, reply) => {
      const library = await open(request, request.params.companyId);
      reply.header('cache-control', 'private, no-store');
      return readLibrary(files, library, request.query.folder);
    },
  );

  r.post(
    '/api/companies/:companyId/files',
    {
      // Limited per user like every upload (UPLOAD_RATE_LIMIT_PER_MINUTE, plugins/auth.ts).
      config: { access: see },
      schema: {
        summary: 'Upload a file to the library',
        tags,
        params: companyParams,
        consumes: ['multipart/form-data'],
        form: uploadForm,
        description:
          'Fields: folderId (sent before the file); file: an image, PDF, video, office document or zip file, checked by its bytes, whose name must say what it is. Refused before it is stored when it does not fit in the company’s quota.',
        response: { 201: libraryFileSchema, 409: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const library = await openLibrary(files, caller, request.params.companyId);
      const rule: FileFieldRule = {
        ...LIBRARY_FILE,
        cap: await uploadRoom(files, library),
        check: (file, fields) => checkUpload(files, library, file, fields),
      };
      const body = await readMultipart(request, {
        store: app.files,
        limits: deps.config.uploadLimits,
        files: { file: rule },
        preservePath: true,
      });
      try {
        refuseUnknownFields(body.fields, ['folderId']);
        const saved = await addUploadedFile(
          files,
          caller,
          library,
          body.fields.folderId || undefined,
          body.files.file?.[0],
        );
        return reply.status(201).send(saved);
      } catch (error) {
        await body.discard();
        throw error;
      }
    },
  );

  r.get(
    '/api/companies/:companyId/files/:fileId/content',
    {
      config: { access: see },
      schema: { summary: 'Download a file of the library', tags, params: fileParams },
    },
    async (request, reply) => {
      const library = await open(request, request.params.companyId);
      const { file, body } = await openLibraryFile(files, library, request.params.fileId);
      return sendPrivateFile(reply, file, body);
    },
  );

  r.patch(
    '/api/companies/:companyId/files/:fileId',
    {
      config: { access: manage },
      schema: {
        summary: 'Rename a file, or move it to another folder',
        tags,
        params: fileParams,
        body: updateFileRequest,
        response: { 200: libraryFileSchema },
      },
    },
    async (request) => {
      const library = await open(request, request.params.companyId);
      return updateLibraryFile(files, library, request.params.fileId, request.body);
    },
  );

  r.delete(
    '/api/companies/:companyId/files/:fileId',
    {
      config: { access: manage },
      schema: {
        summary: 'Delete a file: it waits in the bin for 30 days',
        tags,
        params: fileParams,
        response: { 200: libraryFileSchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const library = await openLibrary(files, caller, request.params.companyId);
      return binLibraryFile(files, caller, library, request.params.fileId);
    },
  );

  r.get(
    '/api/companies/:companyId/bin',
    {
      config: { access: manage },
      schema: {
        summary: "The library's bin: deleted files, until they go for good",
        tags,
        params: companyParams,
        response: { 200: binListingSchema },
      },
    },
    async (request, reply) => {
      const library = await open(request, request.params.companyId);
      reply.header('cache-control', 'private, no-store');
      return readBin(files, library);
    },
  );

  r.post(
    '/api/companies/:companyId/bin/:fileId/restore',
    {
      config: { access: manage },
      schema: {
        summary: 'Restore a file from the bin',
        tags,
        params: fileParams,
        response: { 200: libraryFileSchema },
      },
    },
    async (request) => {
      const library = await open(request, request.params.companyId);
      return restoreLibraryFile(files, library, request.params.fileId);
    },
  );

  r.delete(
    '/api/companies/:companyId/bin/:fileId',
    {
      config: { access: manage },
      schema: {
        summary: 'Delete a file in the bin for good',
        tags,
        params: fileParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const library = await open(request, request.params.companyId);
      await purgeLibraryFile(files, library, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/companies/:companyId/folders',
    {
      config: { access: see },
      schema: {
        summary: 'Make a folder in the library',
        tags,
        params: companyParams,
        body: createFolderRequest,
        response: { 201: libraryFolderSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const library = await openLibrary(files, caller, request.params.companyId);
      const folder = await createLibraryFolder(files, caller, library, request.body);
      return reply.status(201).send(folder);
    },
  );

  r.patch(
    '/api/companies/:companyId/folders/:folderId',
    {
      config: { access: manage },
      schema: {
        summary: 'Rename a folder',
        tags,
        params: folderParams,
        body: renameFolderRequest,
        response: { 200: libraryFolderSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const library = await open(request, request.params.companyId);
      return renameLibraryFolder(files, library, request.params.folderId, request.body.name);
    },
  );

  r.delete(
    '/api/companies/:companyId/folders/:folderId',
    {
      config: { access: manage },
      schema: {
        summary: 'Delete an empty folder',
        tags,
        params: folderParams,
        response: { 204: z.null(), 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const library = await open(request, request.params.companyId);
      await deleteLibraryFolder(files, library, request.params.folderId);
      return reply.status(204).send(null);
    },
  );
}
