import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { companyInfoPages } from '@/features/storefront/company-info-pages';
import { PublicLayout } from '@/features/storefront/components/public-layout';
import { CustomerGuard } from './customer-guard';
import { RouteErrorBoundary } from './route-error';

// Every page is its own chunk, so the first load of a public page carries only what it shows.
const HomeRoute = lazy(() =>
  import('@/features/storefront/routes/home').then((m) => ({ default: m.HomeRoute })),
);
const ServiceRoute = lazy(() =>
  import('@/features/storefront/routes/service').then((m) => ({ default: m.ServiceRoute })),
);
const ContentPageRoute = lazy(() =>
  import('@/features/storefront/routes/content-page').then((m) => ({
    default: m.ContentPageRoute,
  })),
);
const CompanyInfoRoute = lazy(() =>
  import('@/features/storefront/routes/company-info').then((m) => ({
    default: m.CompanyInfoRoute,
  })),
);
const NotFoundRoute = lazy(() =>
  import('@/features/storefront/routes/not-found').then((m) => ({ default: m.NotFoundRoute })),
);
const AuthSuccessRoute = lazy(() =>
  import('@/features/auth/routes/auth-success').then((m) => ({ default: m.AuthSuccessRoute })),
);
const StaffLoginRoute = lazy(() =>
  import('@/features/auth/routes/staff-login').then((m) => ({ default: m.StaffLoginRoute })),
);
const ForgotPasswordRoute = lazy(() =>
  import('@/features/auth/routes/forgot-password').then((m) => ({
    default: m.ForgotPasswordRoute,
  })),
);
const ResetPasswordRoute = lazy(() =>
  import('@/features/auth/routes/reset-password').then((m) => ({
    default: m.ResetPasswordRoute,
  })),
);
const SignInLinkRoute = lazy(() =>
  import('@/features/auth/routes/sign-in-link').then((m) => ({ default: m.SignInLinkRoute })),
);
const DashboardRoute = lazy(() =>
  import('@/features/customer/routes/dashboard').then((m) => ({ default: m.DashboardRoute })),
);
const ProjectsRoute = lazy(() =>
  import('@/features/customer/routes/projects').then((m) => ({ default: m.ProjectsRoute })),
);
const ProjectRoute = lazy(() =>
  import('@/features/customer/routes/project').then((m) => ({ default: m.ProjectRoute })),
);
// The profile page shows checkout's card form: ./customer-profile puts the two together.
const ProfileRoute = lazy(() => import('./customer-profile'));
const PaymentRoute = lazy(() =>
  import('@/features/checkout/routes/payment').then((m) => ({ default: m.PaymentRoute })),
);
const PaymentSuccessRoute = lazy(() =>
  import('@/features/customer/routes/payment-success').then((m) => ({
    default: m.PaymentSuccessRoute,
  })),
);
const CustomQuoteRoute = lazy(() =>
  import('@/features/checkout/routes/custom-quote').then((m) => ({ default: m.CustomQuoteRoute })),
);
// The whole staff area, its guard included, is one chunk that visitors never download.
const StaffArea = lazy(async () => {
  const [{ StaffGuard }, { StaffApp }] = await Promise.all([
    import('./staff-guard'),
    import('@/features/staff/routes/staff-app'),
  ]);
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
            {/* SPEC.md section 2: the services list lives on the home page's map. */}
            <Route path="services" element={<Navigate to="/#mind-map" replace />} />
            <Route path="services/:serviceId" element={<ServiceRoute />} />
            <Route path="pages/:id" element={<ContentPageRoute />} />
            {companyInfoPages.map((page) => (
              <Route key={page.slug} path={page.slug} element={<CompanyInfoRoute />} />
            ))}
            <Route path="forgot-password" element={<ForgotPasswordRoute />} />
            <Route path="reset-password" element={<ResetPasswordRoute />} />
            <Route path="sign-in-link" element={<SignInLinkRoute />} />
            <Route element={<CustomerGuard />}>
              <Route path="dashboard" element={<DashboardRoute />} />
              <Route path="dashboard/projects" element={<ProjectsRoute />} />
              <Route path="dashboard/projects/:projectId" element={<ProjectRoute />} />
              <Route path="dashboard/profile" element={<ProfileRoute />} />
              <Route path="custom-quote/:quoteId" element={<CustomQuoteRoute />} />
            </Route>
            {/* Guests order and pay here too (docs/decisions/013). */}
            <Route element={<CustomerGuard allowGuests />}>
              <Route path="payment" element={<PaymentRoute />} />
              <Route path="payment-success" element={<PaymentSuccessRoute />} />
            </Route>
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
          <Route path="auth-success" element={<AuthSuccessRoute />} />
          <Route path="wkm-login" element={<StaffLoginRoute />} />
          <Route path="wkm-dashboard/*" element={<StaffArea />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
