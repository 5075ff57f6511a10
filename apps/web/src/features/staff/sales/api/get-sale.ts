import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@noise/shared/project';
import { api } from '@/lib/api-client';
import { salesKey } from './get-sales';

export const saleKey = (id: string) => [...salesKey, 'detail', id] as const;

/** GET /api/projects-all/{id}: one sale with its customer, package, extras and status updates. */
export function getSale(id: string, signal?: AbortSignal): Promise<Project> {
  return api.get<Project>(`/api/projects-all/${encodeURIComponent(id)}`, signal);
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
