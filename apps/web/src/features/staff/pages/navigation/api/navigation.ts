import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteNavigation } from '@noise/shared/navigation';
import { siteNavigationSchema } from '@noise/shared/site-navigation';
import { apiRequest } from '@/lib/api-client';
import { checkWith } from '@/lib/check-answer';

const manageNavigationKey = ['staff', 'navigation'] as const;

/** GET /api/navigation/manage: the header's and footer's links, any whose record is gone too. */
export function getManageNavigation(signal?: AbortSignal): Promise<SiteNavigation> {
  return apiRequest('/api/navigation/manage', { signal, check: checkWith(siteNavigationSchema) });
}

export const manageNavigationQuery = queryOptions({
  queryKey: manageNavigationKey,
  queryFn: ({ signal }) => getManageNavigation(signal),
});

export function useManageNavigation() {
  return useQuery(manageNavigationQuery);
}

/** PUT /api/navigation: replaces the links; the storefront's header and footer follow. */
export function saveNavigation(body: SiteNavigation): Promise<SiteNavigation> {
  return apiRequest('/api/navigation', {
    method: 'PUT',
    body,
    check: checkWith(siteNavigationSchema),
  });
}

export function useSaveNavigation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNavigation,
    onSuccess: (saved) => {
      queryClient.setQueryData(manageNavigationKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['navigation'] });
    },
  });
}
