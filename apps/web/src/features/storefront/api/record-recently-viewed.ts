import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';

/** POST /api/users/recently-viewed: a signed-in visitor looked at a service. */
export function recordRecentlyViewed(serviceId: string): Promise<unknown> {
  return api.post('/api/users/recently-viewed', { serviceId });
}

/**
 * Fire-and-forget, so a plain callback rather than a mutation hook (which would add its machinery
 * to the service page's first load). It refreshes the dashboard's Recently Viewed list.
 */
export function useRecordRecentlyViewed() {
  const queryClient = useQueryClient();
  return useCallback(
    async (serviceId: string) => {
      await recordRecentlyViewed(serviceId);
      await queryClient.invalidateQueries({ queryKey: ['users', 'recently-viewed'] });
    },
    [queryClient],
  );
}
