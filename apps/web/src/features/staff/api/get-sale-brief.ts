import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { briefEntrySchema, type BriefEntry } from '@noise/shared/project';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { salesKey } from './get-sales';

/** GET /api/projects/{id}/brief: what the customer sent after paying, with attachments. */
export function getSaleBrief(id: string, signal?: AbortSignal): Promise<BriefEntry[]> {
  return apiRequest(`/api/projects/${encodeURIComponent(id)}/brief`, {
    signal,
    check: checkWith(z.array(briefEntrySchema)),
  });
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
