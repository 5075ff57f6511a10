import { pageQuery } from '@/features/storefront/api/get-page';
import { serviceQuery } from '@/features/storefront/api/get-service';
import { queryClient } from './query-client';

/**
 * On a first visit straight to a service or content page, ask for its data and its code at once,
 * while the app starts, instead of one after the other (the page's largest text waits on both).
 */
export function prefetchLandingRoute(pathname: string) {
  const service = /^\/services\/([^/]+)\/?$/.exec(pathname);
  if (service) {
    void queryClient.prefetchQuery(serviceQuery(decodeURIComponent(service[1]!)));
    void import('@/features/storefront/routes/service');
    return;
  }
  const page = /^\/pages\/([^/]+)\/?$/.exec(pathname);
  if (page) {
    void queryClient.prefetchQuery(pageQuery(decodeURIComponent(page[1]!)));
    void import('@/features/storefront/routes/content-page');
  }
}
