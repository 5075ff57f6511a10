import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  projectPaymentsResponse,
  subscriptionSchema,
  type ProjectPayment,
  type Subscription,
} from '@noise/shared/payments';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/projects/{id}/payments: the charges of a project, each with its tax invoice. */
export function getProjectPayments(
  projectId: string,
  signal?: AbortSignal,
): Promise<ProjectPayment[]> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/payments`, {
    signal,
    check: checkWith(projectPaymentsResponse),
  });
}

export const projectPaymentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'payments', projectId],
    queryFn: ({ signal }) => getProjectPayments(projectId, signal),
  });

export function useProjectPayments(projectId: string, enabled = true) {
  return useQuery({ ...projectPaymentsQuery(projectId), enabled });
}

/** GET /api/projects/{id}/subscription: null when the project does not recur (404). */
export async function getSubscription(
  projectId: string,
  signal?: AbortSignal,
): Promise<Subscription | null> {
  try {
    return await apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription`, {
      signal,
      check: checkWith(subscriptionSchema),
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const subscriptionQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'subscription', projectId],
    queryFn: ({ signal }) => getSubscription(projectId, signal),
  });

export function useSubscription(projectId: string) {
  return useQuery(subscriptionQuery(projectId));
}

/** POST /api/projects/{id}/subscription/cancel: no further charges; the paid period runs out. */
export function cancelSubscription(projectId: string): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription/cancel`, {
    method: 'POST',
    check: checkWith(subscriptionSchema),
  });
}

export function useCancelSubscription(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(projectId),
    onSuccess: (data) => queryClient.setQueryData(subscriptionQuery(projectId).queryKey, data),
  });
}
