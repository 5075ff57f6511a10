import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@noise/shared/catalogue';
import { api } from '@/lib/api-client';

/** GET /api/pages/{id}: a content page's title and items. */
export function getPage(id: string, signal?: AbortSignal): Promise<Page> {
  return api.get<Page>(`/api/pages/${encodeURIComponent(id)}`, signal);
}

export function pageQuery(id: string) {
  return queryOptions({
    queryKey: ['pages', id],
    queryFn: ({ signal }) => getPage(id, signal),
  });
}

export function usePage(id: string) {
  return useQuery(pageQuery(id));
}
