import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionSignature, type IntakeAnswer } from '@noise/shared/intake';
import type { BriefEntry, BriefQuestions } from '@noise/shared/project';
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

/** GET /api/projects/{id}/brief/questions: what the first brief asks now (docs/decisions/058). */
export const briefQuestionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'brief-questions', projectId],
    queryFn: ({ signal }) =>
      api.get<BriefQuestions>(
        `/api/projects/${encodeURIComponent(projectId)}/brief/questions`,
        signal,
      ),
  });

export function useBriefQuestions(projectId: string, enabled = true) {
  return useQuery({ ...briefQuestionsQuery(projectId), enabled });
}

/** The answers of a first brief, with the questions they answer (their signatures). */
export interface IntakeSubmission {
  questions: BriefQuestions['questions'];
  values: Record<string, IntakeAnswer>;
  files: Record<string, File[]>;
}

/**
 * POST /api/projects/{id}/brief, multipart: `text` and files `attachments`; with intake answers,
 * `answers` (JSON), `asked` (the questions' signatures) and the files of file questions as
 * `answerFiles`, each named in `answerFileQuestions`.
 */
export function addBriefEntry(
  projectId: string,
  input: { text: string; files: File[]; intake?: IntakeSubmission },
  onProgress?: (progress: UploadProgress) => void,
): Promise<BriefEntry> {
  const form = new FormData();
  form.append('text', input.text);
  for (const file of input.files) form.append('attachments', file);
  if (input.intake) {
    const { questions, values, files } = input.intake;
    form.append('answers', JSON.stringify(values));
    form.append('asked', JSON.stringify(questions.map(questionSignature)));
    const named: string[] = [];
    for (const q of questions) {
      for (const file of files[q.id] ?? []) {
        form.append('answerFiles', file);
        named.push(q.id);
      }
    }
    form.append('answerFileQuestions', JSON.stringify(named));
  }
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
      intake?: IntakeSubmission;
      onProgress?: (progress: UploadProgress) => void;
    }) => addBriefEntry(projectId, vars, vars.onProgress),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: briefQuery(projectId).queryKey }),
        queryClient.invalidateQueries({ queryKey: briefQuestionsQuery(projectId).queryKey }),
        // briefSubmitted changes on the project.
        queryClient.invalidateQueries({ queryKey: ['projects', 'detail', projectId] }),
        queryClient.invalidateQueries({ queryKey: ['projects', 'list'] }),
      ]),
  });
}
