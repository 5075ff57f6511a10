import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BriefEntry } from '@noise/shared/project';
import { api } from '@/lib/api-client';
import { salesKey } from './get-sales';

/** GET /api/projects/{id}/brief: what the customer sent after paying, with attachments. */
export function getSaleBrief(id: string, signal?: AbortSignal): Promise<BriefEntry[]> {
  return api.get<BriefEntry[]>(`/api/projects/${encodeURIComponent(id)}/brief`, signal);
}

export function saleBriefQuery(id: string) {
  return queryOptions({
    queryKey: [...salesKey, 'brief', id],
    queryFn: ({ signal }) => getSaleBrief(id, signal),
  });
}

export function useSaleBrief(id: string) {
  return useQuery(saleBriefQuery(id));
}
