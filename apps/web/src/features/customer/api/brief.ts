import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionSignature, type IntakeAnswer, type IntakeQuestion } from '@noise/shared/intake';
import { z } from 'zod';
import {
  briefEntrySchema,
  briefQuestionsSchema,
  type BriefEntry,
  type CorrectBriefRequest,
} from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';

/** GET /api/projects/{id}/brief: the requirements sent so far, oldest first. */
export function getBrief(projectId: string, signal?: AbortSignal): Promise<BriefEntry[]> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/brief`, {
    signal,
    check: checkWith(z.array(briefEntrySchema)),
  });
}

export const briefQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'brief', projectId],
    queryFn: ({ signal }) => getBrief(projectId, signal),
  });

export function useBrief(projectId: string, enabled = true) {
  return useQuery({ ...briefQuery(projectId), enabled });
}

/** GET /api/projects/{id}/brief/questions: what the first brief asks now (docs/decisions/058). */
export const briefQuestionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'brief-questions', projectId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${encodeURIComponent(projectId)}/brief/questions`, {
        signal,
        check: checkWith(briefQuestionsSchema),
      }),
  });

export function useBriefQuestions(projectId: string, enabled = true) {
  return useQuery({ ...briefQuestionsQuery(projectId), enabled });
}

/** The answers of a first brief, with the questions they answer (their signatures). */
export interface IntakeSubmission {
  questions: IntakeQuestion[];
  values: Record<string, IntakeAnswer>;
  files: Record<string, File[]>;
}

/**
 * The intake answers as a first brief (or a new request) sends them: `answers` (JSON), `asked`
 * (the questions' signatures) and the files of file questions as `answerFiles`, each named in
 * `answerFileQuestions`, in the order of `answerFileQuestionIds`.
 */
export function appendIntake(form: FormData, intake: IntakeSubmission) {
  const { questions, values } = intake;
  form.append('answers', JSON.stringify(values));
  form.append('asked', JSON.stringify(questions.map(questionSignature)));
  form.append('answerFileQuestions', JSON.stringify(answerFileQuestionIds(intake)));
  for (const q of questions) {
    for (const file of intake.files[q.id] ?? []) form.append('answerFiles', file);
  }
}

/** The question each `answerFiles` file answers, in the order they are sent. */
export const answerFileQuestionIds = ({ questions, files }: IntakeSubmission): string[] =>
  questions.flatMap((q) => (files[q.id] ?? []).map(() => q.id));

/**
 * POST /api/projects/{id}/brief, multipart: `text` and files `attachments`; with intake answers,
 * `answers` (JSON), `asked` (the questions' signatures) and the files of file questions as
 * `answerFiles`, each named in `answerFileQuestions`.
 */
export function addBriefEntry(
  projectId: string,
  input: { text: string; files: File[]; intake?: IntakeSubmission; nothingToAdd?: boolean },
  onProgress?: (progress: UploadProgress) => void,
): Promise<BriefEntry> {
  const form = new FormData();
  form.append('text', input.text);
  for (const file of input.files) form.append('attachments', file);
  if (input.intake) {
    appendIntake(form, input.intake);
    if (input.nothingToAdd) form.append('nothingToAdd', 'true');
  }
  return uploadForm(`/api/projects/${encodeURIComponent(projectId)}/brief`, form, {
    onProgress,
    check: checkWith(briefEntrySchema),
  });
}

export function useAddBriefEntry(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      text: string;
      files: File[];
      intake?: IntakeSubmission;
      nothingToAdd?: boolean;
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

/** PUT /api/projects/{id}/brief/{entryId}: the client's correction, before work starts. */
export function useCorrectBriefEntry(projectId: string, entryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectBriefRequest) =>
      apiRequest(
        `/api/projects/${encodeURIComponent(projectId)}/brief/${encodeURIComponent(entryId)}`,
        { method: 'PUT', body, check: checkWith(briefEntrySchema) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: briefQuery(projectId).queryKey }),
  });
}
