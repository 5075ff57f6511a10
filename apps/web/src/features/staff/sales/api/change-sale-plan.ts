import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '@noise/shared/payments';
import {
  planChangeOptionsSchema,
  type ChangePlanRequest,
  type PlanChangeOptions,
} from '@noise/shared/plan-change';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { salesKey } from '../../api/get-sales';

/** GET /api/projects/{id}/subscription/plans: the packages the sale's plan may change to. */
export function getSalePlanOptions(id: string, signal?: AbortSignal): Promise<PlanChangeOptions> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/subscription/plans`, {
    signal,
    check: checkWith(planChangeOptionsSchema),
  });
}

export function useSalePlanOptions(id: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: [...salesKey, 'plan-options', id],
      queryFn: ({ signal }) => getSalePlanOptions(id, signal),
    }),
    enabled,
    // Its figures are today's: read afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/projects/{id}/subscription/change: staff may waive the prorated charge. */
export function changeSalePlan(id: string, body: ChangePlanRequest): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/subscription/change`, {
    method: 'POST',
    body,
    check: checkWith(subscriptionSchema),
  });
}

/** POST /api/projects/{id}/subscription/change/cancel */
export function cancelSalePlanChange(id: string): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/subscription/change/cancel`, {
    method: 'POST',
    check: checkWith(subscriptionSchema),
  });
}

/** POST /api/projects/{id}/subscription/pause: staff may pause any plan. */
export function pauseSalePlan(id: string, until: string | null): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/subscription/pause`, {
    method: 'POST',
    body: { until },
    check: checkWith(subscriptionSchema),
  });
}

/** POST /api/projects/{id}/subscription/resume */
export function resumeSalePlan(id: string): Promise<Subscription> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/subscription/resume`, {
    method: 'POST',
    check: checkWith(subscriptionSchema),
  });
}

/** The sale (its package), its payments, subscription and activity, and the lists showing it. */
function useRefreshAfterPlanChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: salesKey }),
      queryClient.invalidateQueries({ queryKey: ['staff', 'clients'] }),
    ]);
}

export function useChangeSalePlan(id: string) {
  const refresh = useRefreshAfterPlanChange();
  return useMutation({
    mutationFn: (body: ChangePlanRequest) => changeSalePlan(id, body),
    onSuccess: refresh,
  });
}

export function useCancelSalePlanChange(id: string) {
  const refresh = useRefreshAfterPlanChange();
  return useMutation({ mutationFn: () => cancelSalePlanChange(id), onSuccess: refresh });
}

export function usePauseSalePlan(id: string) {
  const refresh = useRefreshAfterPlanChange();
  return useMutation({
    mutationFn: (until: string | null) => pauseSalePlan(id, until),
    onSuccess: refresh,
  });
}

export function useResumeSalePlan(id: string) {
  const refresh = useRefreshAfterPlanChange();
  return useMutation({ mutationFn: () => resumeSalePlan(id), onSuccess: refresh });
}
