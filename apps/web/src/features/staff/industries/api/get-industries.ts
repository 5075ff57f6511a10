import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { industrySchema, type Industry } from '@noise/shared/catalogue';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const manageIndustriesKey = ['staff', 'industries'] as const;

/** GET /api/industries (asked fresh: the public answer is cached a minute). */
export function getIndustries(signal?: AbortSignal): Promise<Industry[]> {
  return apiRequest('/api/industries', {
    signal,
    cache: 'no-cache',
    check: checkWith(z.array(industrySchema)),
  });
}

export const industriesQuery = queryOptions({
  queryKey: [...manageIndustriesKey, 'list'],
  queryFn: ({ signal }) => getIndustries(signal),
});

export function useIndustries() {
  return useQuery(industriesQuery);
}
