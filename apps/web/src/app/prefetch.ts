import { pageQuery } from '@/features/storefront/api/get-page';
import { serviceQuery } from '@/features/storefront/api/get-service';
import { getToken } from '@/lib/auth-token';
import { queryClient } from './query-client';

/**
 * The data the server wrote into the page for its first render (plugins/landing-pages.ts): a
 * JSON block, never executed. Returns whether there was any.
 */
function seedLandingData(): boolean {
  const element = document.getElementById('landing-data');
  if (!element?.textContent) return false;
  try {
    const { queryKey, data } = JSON.parse(element.textContent) as {
      queryKey: string[];
      data: unknown;
    };
    queryClient.setQueryData(queryKey, data);
    return true;
  } catch {
    return false;
  } finally {
    element.remove();
  }
}

/**
 * On a first visit straight to a service or content page, ask for its data and its code at once,
 * while the app starts, instead of one after the other (the page's largest content waits on
 * both). The server usually wrote the data into the page already.
 */
export function prefetchLandingRoute(pathname: string) {
  const seeded = seedLandingData();
  const service = /^\/services\/([^/]+)\/?$/.exec(pathname);
  if (service) {
    if (!seeded) void queryClient.prefetchQuery(serviceQuery(decodeURIComponent(service[1]!)));
    void import('@/features/storefront/routes/service');
    return;
  }
  const page = /^\/pages\/([^/]+)\/?$/.exec(pathname);
  if (page) {
    if (!seeded) void queryClient.prefetchQuery(pageQuery(decodeURIComponent(page[1]!)));
    void import('@/features/storefront/routes/content-page');
    return;
  }
  // A signed-in customer's pages: their code and data, while the session is checked.
  if (!getToken()) return;
  const customerRoute = /^\/dashboard(\/projects)?\/?$/.exec(pathname);
  if (customerRoute) {
    void (
      customerRoute[1]
        ? import('@/features/customer/routes/projects')
        : import('@/features/customer/routes/dashboard')
    ).then((route) => route.prefetch(queryClient));
  }
}
