import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  extraRequestResponse,
  myRequestPlansResponse,
  requestSchema,
  type SubmitRequestInput,
} from '@noise/shared/requests';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { uploadForm, type UploadProgress } from '@/lib/upload';
import { appendIntake, type IntakeSubmission } from './brief';

/** GET /api/my/request-plans: the company's request plans, their requests and use. */
export const requestPlansQuery = queryOptions({
  queryKey: ['my', 'request-plans'],
  queryFn: ({ signal }) =>
    apiRequest('/api/my/request-plans', { signal, check: checkWith(myRequestPlansResponse) }),
});

export function useRequestPlans() {
  return useQuery(requestPlansQuery);
}

const check = checkWith(requestSchema);
const id = (value: string) => encodeURIComponent(value);

function useRequestChange<V>(send: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestPlansQuery.queryKey }),
  });
}

/** A new request: its title, the answers to the plan's questions and further files. */
export interface NewRequest extends SubmitRequestInput {
  intake: IntakeSubmission;
  attachments: File[];
}

/**
 * POST /api/my/request-plans/{id}/requests, multipart as a first brief is (`title`, the intake
 * answers and their files, `attachments`): it starts, or waits in the queue.
 */
export const useSubmitRequest = () =>
  useRequestChange(
    (v: { planId: string; body: NewRequest; onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData();
      form.append('title', v.body.title);
      appendIntake(form, v.body.intake);
      for (const file of v.body.attachments) form.append('attachments', file);
      return uploadForm(`/api/my/request-plans/${id(v.planId)}/requests`, form, {
        onProgress: v.onProgress,
        check,
      });
    },
  );

/** POST /api/my/requests/{id}/cancel. */
export const useCancelRequest = () =>
  useRequestChange((requestId: string) =>
    apiRequest(`/api/my/requests/${id(requestId)}/cancel`, { method: 'POST', check }),
  );

/** POST /api/my/requests/{id}/move: one place up or down the queue. */
export const useMoveRequest = () =>
  useRequestChange((v: { requestId: string; direction: 'up' | 'down' }) =>
    apiRequest(`/api/my/requests/${id(v.requestId)}/move`, {
      method: 'POST',
      body: { direction: v.direction },
      check,
    }),
  );

/**
 * POST /api/my/request-plans/{id}/extra-request: the invoice for one more request this period,
 * paid on its pay page (docs/product.md#extra-requests).
 */
export const useBuyExtraRequest = () =>
  useMutation({
    mutationFn: (planId: string) =>
      apiRequest(`/api/my/request-plans/${id(planId)}/extra-request`, {
        method: 'POST',
        check: checkWith(extraRequestResponse),
      }),
  });
