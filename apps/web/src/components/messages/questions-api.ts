import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  questionSchema,
  questionSummarySchema,
  type QuestionStatus,
  type UpdateQuestionRequest,
} from '@noise/shared/questions';
import { apiRequest } from '@/lib/api-client';
import { withQuery } from '@/lib/api-paths';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything): general questions, read by the customer's
 * dashboard and the staff Inbox alike (the server scopes each to the caller).
 */
export const questionsKey = ['questions'] as const;

/** GET /api/questions: the caller's questions (a company's, or the team's), newest first. */
export const questionsQuery = (status?: QuestionStatus) =>
  queryOptions({
    queryKey: [...questionsKey, 'list', status ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest(withQuery('/api/questions', { status }), {
        signal,
        check: checkWith(z.array(questionSummarySchema)),
      }),
  });

export function useQuestions(status?: QuestionStatus, enabled = true) {
  return useQuery({ ...questionsQuery(status), enabled });
}

/** GET /api/questions/{id}: the question and its thread (notes for the team only). */
export const questionQuery = (id: string) =>
  queryOptions({
    queryKey: [...questionsKey, 'one', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/questions/${encodeURIComponent(id)}`, {
        signal,
        check: checkWith(questionSchema),
      }),
  });

export function useQuestion(id: string | undefined) {
  return useQuery({ ...questionQuery(id ?? ''), enabled: Boolean(id) });
}

/** POST /api/questions, multipart: a new question with its files. */
export function useAskQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: {
      text: string;
      files: File[];
      onProgress?: (p: UploadProgress) => void;
    }) => {
      const form = new FormData();
      form.append('text', vars.text);
      for (const file of vars.files) form.append('attachments', file);
      return uploadForm('/api/questions', form, {
        onProgress: vars.onProgress,
        check: checkWith(questionSchema),
      });
    },
    onSuccess: (question) => {
      client.setQueryData(questionQuery(question._id).queryKey, question);
      void client.invalidateQueries({ queryKey: [...questionsKey, 'list'] });
    },
  });
}

/** PATCH /api/questions/{id} (staff): assign it, close or reopen it. */
export function useUpdateQuestion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateQuestionRequest) =>
      apiRequest(`/api/questions/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: changes,
        check: checkWith(questionSchema),
      }),
    onSuccess: (question) => {
      client.setQueryData(questionQuery(id).queryKey, question);
      void client.invalidateQueries({ queryKey: [...questionsKey, 'list'] });
    },
  });
}
