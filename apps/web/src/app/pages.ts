import { lazyRoute } from '@/lib/lazy-route';

// Every page is its own chunk, so the first load of a public page carries only what it shows.
export const HomeRoute = lazyRoute(
  () => import('@/features/storefront/routes/home'),
  (m) => m.HomeRoute,
);
export const ServiceRoute = lazyRoute(
  () => import('@/features/storefront/routes/service'),
  (m) => m.ServiceRoute,
);
export const ContentPageRoute = lazyRoute(
  () => import('@/features/storefront/routes/content-page'),
  (m) => m.ContentPageRoute,
);
export const CompanyInfoRoute = lazyRoute(
  () => import('@/features/storefront/routes/company-info'),
  (m) => m.CompanyInfoRoute,
);
export const StaffLoginRoute = lazyRoute(
  () => import('@/features/auth/routes/staff-login'),
  (m) => m.StaffLoginRoute,
);
// The customer's own pages (/dashboard/*): one chunk with their routes, which visitors never
// download; each page is one more (app/customer-area.tsx).
export const CustomerAreaRoute = lazyRoute(
  () => import('./customer-area'),
  (m) => m.CustomerArea,
);
// The public addresses few visits start on: one chunk with their routes (app/more-routes.tsx).
export const MoreRoutesRoute = lazyRoute(
  () => import('./more-routes'),
  (m) => m.MoreRoutes,
);
