import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const managePagesKey = ['staff', 'pages'] as const;

export interface PageSummary {
  _id: string;
  title: string;
}

/** GET /api/pages: content pages by title (asked fresh: the public answer is cached a minute). */
export function getPages(signal?: AbortSignal): Promise<PageSummary[]> {
  return apiRequest<PageSummary[]>('/api/pages', { signal, cache: 'no-cache' });
}

export const pagesQuery = queryOptions({
  queryKey: [...managePagesKey, 'list'],
  queryFn: ({ signal }) => getPages(signal),
});

export function usePages() {
  return useQuery(pagesQuery);
}
