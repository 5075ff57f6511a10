import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestSchema, type RequestItem } from '@noise/shared/requests';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';
import { requestsKey } from './get-board';

export const requestKey = (id: string) => [...requestsKey, 'detail', id] as const;

/** GET /api/requests/{id}: one request as its card shows it, for its page. */
export function getRequest(id: string, signal?: AbortSignal): Promise<RequestItem> {
  return apiRequest(`/api/requests/${encodeURIComponent(id)}`, {
    signal,
    check: checkWith(requestSchema),
  });
}

export function requestQuery(id: string) {
  return queryOptions({
    queryKey: requestKey(id),
    queryFn: ({ signal }) => getRequest(id, signal),
  });
}

export function useRequest(id: string) {
  return useQuery(requestQuery(id));
}
