import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentlyViewedEntry } from '@noise/shared/catalogue';
import { api } from '@/lib/api-client';

/**
 * GET /api/users/recently-viewed: the services the customer looked at last. Not checked: the
 * dashboard draws without zod on its first load (decisions 042 and 071).
 */
export function getRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewedEntry[]> {
  return api.get<RecentlyViewedEntry[]>('/api/users/recently-viewed', signal);
}

export const recentlyViewedQuery = queryOptions({
  queryKey: ['users', 'recently-viewed'],
  queryFn: ({ signal }) => getRecentlyViewed(signal),
});

export function useRecentlyViewed() {
  return useQuery(recentlyViewedQuery);
}
