import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { companyPages } from '@noise/shared/company-page-list';
import { PublicLayout } from '@/features/storefront/components/public-layout';
import { CustomerGuard } from './customer-guard';
import {
  HomeRoute,
  ServiceRoute,
  ContentPageRoute,
  CompanyInfoRoute,
  NotFoundRoute,
  AuthSuccessRoute,
  ClaimOrderRoute,
  StaffLoginRoute,
  ForgotPasswordRoute,
  ResetPasswordRoute,
  SignInLinkRoute,
  InvitationRoute,
  PaymentRoute,
  PaymentSuccessRoute,
  CustomQuoteRoute,
  CustomerAreaRoute,
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
            <Route path="forgot-password" element={<ForgotPasswordRoute />} />
            <Route path="reset-password" element={<ResetPasswordRoute />} />
            <Route path="sign-in-link" element={<SignInLinkRoute />} />
            <Route path="auth-success" element={<AuthSuccessRoute />} />
            <Route path="claim-order" element={<ClaimOrderRoute />} />
            <Route path="invitations/:token" element={<InvitationRoute />} />
            {/* Signed out, a quote link shows the quote and the ways to sign in to pay it. */}
            <Route path="custom-quote/:quoteId" element={<CustomQuoteRoute />} />
            <Route path="dashboard/*" element={<CustomerAreaRoute />} />
            {/* Guests order and pay here too (docs/decisions/013). */}
            <Route element={<CustomerGuard allowGuests />}>
              <Route path="payment" element={<PaymentRoute />} />
              <Route path="payment-success" element={<PaymentSuccessRoute />} />
            </Route>
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
          <Route path="wkm-login" element={<StaffLoginRoute />} />
          <Route path="wkm-dashboard/*" element={<StaffArea />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
