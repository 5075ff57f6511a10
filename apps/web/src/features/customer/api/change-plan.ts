import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@noise/shared/payments';
import {
  planChangeOptionsSchema,
  type ChangePlanRequest,
  type PlanChangeOptions,
} from '@noise/shared/plan-change';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

/** GET /api/projects/{id}/subscription/plans: the packages the plan may change to, priced now. */
export function getPlanOptions(
  projectId: string,
  signal?: AbortSignal,
): Promise<PlanChangeOptions> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription/plans`, {
    signal,
    check: checkWith(planChangeOptionsSchema),
  });
}

export const planOptionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', 'plan-options', projectId],
    queryFn: ({ signal }) => getPlanOptions(projectId, signal),
    // Its figures are today's: read afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

export function usePlanOptions(projectId: string, enabled: boolean) {
  return useQuery({ ...planOptionsQuery(projectId), enabled });
}

/** POST /api/projects/{id}/subscription/change: an upgrade now (charged), a downgrade at renewal. */
export function changePlan(projectId: string, body: ChangePlanRequest): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription/change`, {
    method: 'POST',
    body,
    check: checkWith(subscriptionSchema),
  });
}

/** POST /api/projects/{id}/subscription/change/cancel: the waiting downgrade is dropped. */
export function cancelPlanChange(projectId: string): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription/change/cancel`, {
    method: 'POST',
    check: checkWith(subscriptionSchema),
  });
}

/** POST /api/projects/{id}/subscription/pause: until a day, or until resumed (null). */
export function pausePlan(projectId: string, until: string | null): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription/pause`, {
    method: 'POST',
    body: { until },
    check: checkWith(subscriptionSchema),
  });
}

/** POST /api/projects/{id}/subscription/resume: the next charge moves on by the pause. */
export function resumePlan(projectId: string): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}/subscription/resume`, {
    method: 'POST',
    check: checkWith(subscriptionSchema),
  });
}

/** The project (its package), its payments and subscription, and the Billing page all change. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['projects'] }),
      queryClient.invalidateQueries({ queryKey: ['billing'] }),
    ]);
}

export function useChangePlan(projectId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: ChangePlanRequest) => changePlan(projectId, body),
    onSuccess: refresh,
  });
}

export function useCancelPlanChange(projectId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: () => cancelPlanChange(projectId), onSuccess: refresh });
}

export function usePausePlan(projectId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (until: string | null) => pausePlan(projectId, until),
    onSuccess: refresh,
  });
}

export function useResumePlan(projectId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: () => resumePlan(projectId), onSuccess: refresh });
}
