import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  binListingSchema,
  libraryFileSchema,
  libraryFolderSchema,
  libraryListingSchema,
  type CreateFolderRequest,
  type UpdateFileRequest,
} from '@noise/shared/files';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';

/** A company's library (docs/product.md#files): the same calls for its people and for staff. */
const base = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}` as const;
const libraryKey = (companyId: string) => ['files', companyId] as const;

/** GET /api/companies/{id}/files[?folder=]: the top of the library, or one folder. */
export const libraryQuery = (companyId: string, folderId: string | null) =>
  queryOptions({
    queryKey: [...libraryKey(companyId), 'folder', folderId ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(
        `${base(companyId)}/files${folderId ? `?folder=${encodeURIComponent(folderId)}` : ''}`,
        { signal, check: checkWith(libraryListingSchema) },
      ),
  });

export function useLibrary(companyId: string, folderId: string | null) {
  return useQuery(libraryQuery(companyId, folderId));
}

/** GET /api/companies/{id}/bin: the deleted files, until they go for good. */
export function useBin(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...libraryKey(companyId), 'bin'],
    queryFn: ({ signal }) =>
      apiRequest(`${base(companyId)}/bin`, { signal, check: checkWith(binListingSchema) }),
    enabled,
  });
}

/** Every change reloads the library's folders, the bin and the usage. */
function useLibraryMutation<Vars, Answer>(
  companyId: string,
  mutationFn: (vars: Vars) => Promise<Answer>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKey(companyId) }),
  });
}

/** POST /api/companies/{id}/files, multipart, one file with its progress. */
export function useUploadFile(companyId: string) {
  return useLibraryMutation(
    companyId,
    (vars: { file: File; folderId: string | null; onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData();
      // Before the file: the server checks the folder before it stores anything.
      if (vars.folderId) form.append('folderId', vars.folderId);
      form.append('file', vars.file);
      return uploadForm(`${base(companyId)}/files`, form, {
        onProgress: vars.onProgress,
        check: checkWith(libraryFileSchema),
      });
    },
  );
}

/** POST /api/companies/{id}/folders. */
export function useCreateFolder(companyId: string) {
  return useLibraryMutation(companyId, (body: CreateFolderRequest) =>
    apiRequest(`${base(companyId)}/folders`, {
      method: 'POST',
      body: { ...body },
      check: checkWith(libraryFolderSchema),
    }),
  );
}

/** PATCH /api/companies/{id}/folders/{folderId}: a new name. */
export function useRenameFolder(companyId: string) {
  return useLibraryMutation(companyId, (vars: { folderId: string; name: string }) =>
    apiRequest(`${base(companyId)}/folders/${encodeURIComponent(vars.folderId)}`, {
      method: 'PATCH',
      body: { name: vars.name },
      check: checkWith(libraryFolderSchema),
    }),
  );
}

/** DELETE /api/companies/{id}/folders/{folderId}: an empty folder. */
export function useDeleteFolder(companyId: string) {
  return useLibraryMutation(companyId, (folderId: string) =>
    apiRequest<void>(`${base(companyId)}/folders/${encodeURIComponent(folderId)}`, {
      method: 'DELETE',
    }),
  );
}

/** PATCH /api/companies/{id}/files/{fileId}: rename or move. */
export function useUpdateFile(companyId: string) {
  return useLibraryMutation(companyId, (vars: { fileId: string } & UpdateFileRequest) =>
    apiRequest(`${base(companyId)}/files/${encodeURIComponent(vars.fileId)}`, {
      method: 'PATCH',
      body: {
        ...(vars.name !== undefined ? { name: vars.name } : {}),
        ...(vars.folderId !== undefined ? { folderId: vars.folderId } : {}),
      },
      check: checkWith(libraryFileSchema),
    }),
  );
}

/** DELETE /api/companies/{id}/files/{fileId}: into the bin. */
export function useDeleteFile(companyId: string) {
  return useLibraryMutation(companyId, (fileId: string) =>
    apiRequest(`${base(companyId)}/files/${encodeURIComponent(fileId)}`, {
      method: 'DELETE',
      check: checkWith(libraryFileSchema),
    }),
  );
}

/** POST /api/companies/{id}/bin/{fileId}/restore. */
export function useRestoreFile(companyId: string) {
  return useLibraryMutation(companyId, (fileId: string) =>
    apiRequest(`${base(companyId)}/bin/${encodeURIComponent(fileId)}/restore`, {
      method: 'POST',
      check: checkWith(libraryFileSchema),
    }),
  );
}

/** DELETE /api/companies/{id}/bin/{fileId}: gone for good. */
export function usePurgeFile(companyId: string) {
  return useLibraryMutation(companyId, (fileId: string) =>
    apiRequest<void>(`${base(companyId)}/bin/${encodeURIComponent(fileId)}`, {
      method: 'DELETE',
    }),
  );
}
