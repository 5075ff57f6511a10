import { queryOptions, useQuery } from '@tanstack/react-query';
import { industrySchema, type Industry } from '@noise/shared/catalogue';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { manageIndustriesKey } from './get-industries';

/** GET /api/industries/{id}. */
export function getIndustry(id: string, signal?: AbortSignal): Promise<Industry> {
  return apiRequest(`/api/industries/${encodeURIComponent(id)}`, {
    signal,
    cache: 'no-cache',
    check: checkWith(industrySchema),
  });
}

export function industryQuery(id: string) {
  return queryOptions({
    queryKey: [...manageIndustriesKey, 'detail', id],
    queryFn: ({ signal }) => getIndustry(id, signal),
    staleTime: 0,
  });
}

export function useIndustry(id: string | undefined) {
  return useQuery({ ...industryQuery(id ?? ''), enabled: Boolean(id) });
}
