import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@noise/shared/catalogue';
import { api } from '@/lib/api-client';

/** GET /api/services/{id}: one service with its packages, extras, FAQs and media. */
export function getService(id: string, signal?: AbortSignal): Promise<Service> {
  return api.get<Service>(`/api/services/${encodeURIComponent(id)}`, signal);
}

export function serviceQuery(id: string) {
  return queryOptions({
    queryKey: ['services', id],
    queryFn: ({ signal }) => getService(id, signal),
  });
}

export function useService(id: string) {
  return useQuery(serviceQuery(id));
}
