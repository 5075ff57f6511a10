import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceSearchResult } from '@noise/shared/catalogue';
import { api } from '@/lib/api-client';

/** GET /api/services/search?q=: matching service titles for the header search. */
export function searchServices(q: string, signal?: AbortSignal): Promise<ServiceSearchResult[]> {
  return api.get<ServiceSearchResult[]>(`/api/services/search?q=${encodeURIComponent(q)}`, signal);
}

export function searchServicesQuery(q: string) {
  return queryOptions({
    queryKey: ['services', 'search', q],
    queryFn: ({ signal }) => searchServices(q, signal),
    staleTime: 30_000,
  });
}

/** An empty query clears the results (docs/product.md#search) and sends nothing. */
export function useSearchServices(q: string) {
  const query = q.trim();
  return useQuery({
    ...searchServicesQuery(query),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
}
