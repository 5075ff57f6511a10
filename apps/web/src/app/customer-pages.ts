import { lazyRoute } from '@/lib/lazy-route';

// The customer area's pages (app/customer-area.tsx), each its own chunk.
export const DashboardRoute = lazyRoute(
  () => import('@/features/customer/routes/dashboard'),
  (m) => m.DashboardRoute,
);
export const ProjectsRoute = lazyRoute(
  () => import('@/features/customer/routes/projects'),
  (m) => m.ProjectsRoute,
);
export const ProjectRoute = lazyRoute(
  () => import('@/features/customer/routes/project'),
  (m) => m.ProjectRoute,
);
// The profile page shows checkout's card form: ./customer-profile puts the two together.
export const ProfileRoute = lazyRoute(
  () => import('./customer-profile'),
  (m) => m.default,
);
export const BillingRoute = lazyRoute(
  () => import('./customer-billing'),
  (m) => m.default,
);
export const NotFoundRoute = lazyRoute(
  () => import('@/features/storefront/routes/not-found'),
  (m) => m.NotFoundRoute,
);
export const TeamRoute = lazyRoute(
  () => import('@/features/customer/routes/team'),
  (m) => m.TeamRoute,
);
export const FilesRoute = lazyRoute(
  () => import('@/features/customer/routes/files'),
  (m) => m.FilesRoute,
);
export const QuestionRoute = lazyRoute(
  () => import('@/features/customer/routes/question'),
  (m) => m.QuestionRoute,
);
