import type { QueryClient } from '@tanstack/react-query';

/**
 * After a service is saved or deleted: the staff list and the public caches that show services
 * (storefront key 'services', search included, the customer's recently viewed).
 */
export function invalidateServices(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['staff', 'services'] }),
    queryClient.invalidateQueries({ queryKey: ['services'] }),
    queryClient.invalidateQueries({ queryKey: ['users', 'recently-viewed'] }),
  ]);
}
