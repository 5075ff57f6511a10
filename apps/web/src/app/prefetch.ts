import { pageQuery } from '@/features/storefront/api/get-page';
import { serviceQuery } from '@/features/storefront/api/get-service';
import { getToken } from '@/lib/auth-token';
import { ContentPageRoute, CustomerAreaRoute, HomeRoute, ServiceRoute } from './pages';
import { queryClient } from './query-client';

/**
 * The answers the server wrote into the page for its first render (plugins/landing-pages.ts): a
 * JSON block, never executed, of query keys and their data. A page the server drew was drawn
 * with exactly these, so they go into the query cache before the app hydrates it. Returns
 * whether there were any.
 */
function seedLandingData(): boolean {
  const element = document.getElementById('landing-data');
  if (!element?.textContent) return false;
  try {
    const queries = JSON.parse(element.textContent) as { queryKey: unknown[]; data: unknown }[];
    for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
    return queries.length > 0;
  } catch {
    return false;
  } finally {
    element.remove();
  }
}

/**
 * On a first visit straight to a page, ask for its data and its code at once, while the app
 * starts, instead of one after the other (the page's largest content waits on both); the server
 * usually wrote the data into the page already, and preloads the page's chunks. Resolves when the
 * page's code is loaded, so that the first render draws the page itself (lib/lazy-route.tsx);
 * never rejects (a chunk that failed to load is asked for again when rendered).
 */
export async function prefetchLandingRoute(pathname: string): Promise<void> {
  const seeded = seedLandingData();
  const service = /^\/services\/([^/]+)\/?$/.exec(pathname);
  const page = /^\/pages\/([^/]+)\/?$/.exec(pathname);
  const customerRoute = /^\/dashboard(\/projects)?\/?$/.exec(pathname);
  try {
    if (pathname === '/') await HomeRoute.preload();
    else if (service) {
      if (!seeded) void queryClient.prefetchQuery(serviceQuery(decodeURIComponent(service[1]!)));
      await ServiceRoute.preload();
    } else if (page) {
      if (!seeded) void queryClient.prefetchQuery(pageQuery(decodeURIComponent(page[1]!)));
      await ContentPageRoute.preload();
    } else if (customerRoute && getToken()) {
      // A signed-in customer's pages: their code and data, while the session is checked.
      const area = await CustomerAreaRoute.preload();
      const route = await (customerRoute[1] ? area.ProjectsRoute : area.DashboardRoute).preload();
      route.prefetch(queryClient);
    }
  } catch {
    // The page's own loading shows what went wrong.
  }
}
