import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageSummarySchema, type PageSummary } from '@noise/shared/catalogue';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

export const managePagesKey = ['staff', 'pages'] as const;

/** GET /api/pages: content pages by title (asked fresh: the public answer is cached a minute). */
export function getPages(signal?: AbortSignal): Promise<PageSummary[]> {
  return apiRequest('/api/pages', {
    signal,
    cache: 'no-cache',
    check: checkWith(z.array(pageSummarySchema)),
  });
}

export const pagesQuery = queryOptions({
  queryKey: [...managePagesKey, 'list'],
  queryFn: ({ signal }) => getPages(signal),
});

export function usePages() {
  return useQuery(pagesQuery);
}
