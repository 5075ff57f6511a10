import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BriefEntry } from '@noise/shared/project';
import { api } from '@/lib/api-client';
import { uploadForm, type UploadProgress } from '@/lib/upload';

/** GET /api/projects/{id}/brief: the requirements sent so far, oldest first. */
export function getBrief(projectId: string, signal?: AbortSignal): Promise<BriefEntry[]> {
  return api.get<BriefEntry[]>(`/api/projects/${encodeURIComponent(projectId)}/brief`, signal);
}

export const briefQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'brief', projectId],
    queryFn: ({ signal }) => getBrief(projectId, signal),
  });

export function useBrief(projectId: string) {
  return useQuery(briefQuery(projectId));
}

/** POST /api/projects/{id}/brief, multipart: `text` and files `attachments`. */
export function addBriefEntry(
  projectId: string,
  input: { text: string; files: File[] },
  onProgress?: (progress: UploadProgress) => void,
): Promise<BriefEntry> {
  const form = new FormData();
  form.append('text', input.text);
  for (const file of input.files) form.append('attachments', file);
  return uploadForm<BriefEntry>(`/api/projects/${encodeURIComponent(projectId)}/brief`, form, {
    onProgress,
  });
}

export function useAddBriefEntry(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      text: string;
      files: File[];
      onProgress?: (progress: UploadProgress) => void;
    }) => addBriefEntry(projectId, vars, vars.onProgress),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: briefQuery(projectId).queryKey }),
        // briefSubmitted changes on the project.
        queryClient.invalidateQueries({ queryKey: ['projects', 'detail', projectId] }),
        queryClient.invalidateQueries({ queryKey: ['projects', 'list'] }),
      ]),
  });
}
