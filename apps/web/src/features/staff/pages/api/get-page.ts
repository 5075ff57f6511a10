import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, type Page } from '@noise/shared/catalogue';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { managePagesKey } from './get-pages';

/** GET /api/pages/{id}: the page with its items, as stored now. */
export function getPage(id: string, signal?: AbortSignal): Promise<Page> {
  return apiRequest(`/api/pages/${encodeURIComponent(id)}`, {
    signal,
    cache: 'no-cache',
    check: checkWith(pageSchema),
  });
}

export function pageQuery(id: string) {
  return queryOptions({
    queryKey: [...managePagesKey, 'detail', id],
    queryFn: ({ signal }) => getPage(id, signal),
    staleTime: 0,
  });
}

export function usePage(id: string | undefined) {
  return useQuery({ ...pageQuery(id ?? ''), enabled: Boolean(id) });
}
