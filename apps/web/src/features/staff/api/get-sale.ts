import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema, type Project } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { salesKey } from './get-sales';

export const saleKey = (id: string) => [...salesKey, 'detail', id] as const;

/** GET /api/projects-all/{id}: one sale with its customer, package, extras and status updates. */
export function getSale(id: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest(`/api/projects-all/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(projectSchema),
  });
}

export function saleQuery(id: string) {
  return queryOptions({
    queryKey: saleKey(id),
    queryFn: ({ signal }) => getSale(id, signal),
  });
}

export function useSale(id: string) {
  return useQuery(saleQuery(id));
}
