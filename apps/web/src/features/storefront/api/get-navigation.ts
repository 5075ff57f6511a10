import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultNavigation, type SiteNavigation } from '@noise/shared/navigation';
import { api } from '@/lib/api-client';

/**
 * GET /api/navigation: the header's links and the footer's services as staff set them
 * (docs/product.md#site-navigation). Until it arrives the header shows the links a shop starts
 * with, so it is never empty.
 */
export function getNavigation(signal?: AbortSignal): Promise<SiteNavigation> {
  return api.get<SiteNavigation>('/api/navigation', signal);
}

export const navigationQuery = queryOptions({
  queryKey: ['navigation'],
  queryFn: ({ signal }) => getNavigation(signal),
  staleTime: 5 * 60_000,
  placeholderData: defaultNavigation,
});

/** The navigation to draw now: the shop's own once loaded, the starting links before. */
export function useNavigation(): SiteNavigation {
  return useQuery(navigationQuery).data ?? defaultNavigation;
}
