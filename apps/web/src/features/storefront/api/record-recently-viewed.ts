import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users/recently-viewed: a signed-in visitor looked at a service. */
export function recordRecentlyViewed(serviceId: string): Promise<unknown> {
  return api.post('/api/users/recently-viewed', { serviceId });
}

export function useRecordRecentlyViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordRecentlyViewed,
    // The dashboard's Recently Viewed list reads this.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'recently-viewed'] }),
  });
}
