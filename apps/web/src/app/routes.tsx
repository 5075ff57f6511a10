import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { companyPages } from '@noise/shared/company-page-list';
import { PublicLayout } from '@/features/storefront/components/public-layout';
import {
  HomeRoute,
  ServiceRoute,
  ContentPageRoute,
  CompanyInfoRoute,
  StaffLoginRoute,
  CustomerAreaRoute,
  MoreRoutesRoute,
} from './pages';
import { RouteErrorBoundary } from './route-error';

// The staff area, its guard included, is one chunk that visitors never download, and each of its
// screens one more: the screen it opens on is loaded before it first renders.
const StaffArea = lazy(async () => {
  const [{ StaffGuard }, { StaffApp, preloadStaffScreen }] = await Promise.all([
    import('./staff-guard'),
    import('@/features/staff/routes/staff-app'),
  ]);
  await preloadStaffScreen(window.location.pathname);
  return {
    default: function StaffArea() {
      return (
        <StaffGuard>
          <StaffApp />
        </StaffGuard>
      );
    },
  };
});

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<HomeRoute />} />
            {/* docs/product.md#home-page: the services list lives on the home page's map. */}
            <Route path="services" element={<Navigate to="/#mind-map" replace />} />
            <Route path="services/:serviceId" element={<ServiceRoute />} />
            <Route path="pages/:id" element={<ContentPageRoute />} />
            {companyPages.map((page) => (
              <Route key={page.slug} path={page.slug} element={<CompanyInfoRoute />} />
            ))}
            <Route path="dashboard/*" element={<CustomerAreaRoute />} />
            {/* Sign-in links, payment, search results, not found (app/more-routes.tsx). */}
            <Route path="*" element={<MoreRoutesRoute />} />
          </Route>
          <Route path="wkm-login" element={<StaffLoginRoute />} />
          <Route path="wkm-dashboard/*" element={<StaffArea />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
