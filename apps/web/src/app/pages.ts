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
export const NotFoundRoute = lazyRoute(
  () => import('@/features/storefront/routes/not-found'),
  (m) => m.NotFoundRoute,
);
export const AuthSuccessRoute = lazyRoute(
  () => import('@/features/auth/routes/auth-success'),
  (m) => m.AuthSuccessRoute,
);
export const ClaimOrderRoute = lazyRoute(
  () => import('@/features/checkout/routes/claim-order'),
  (m) => m.ClaimOrderRoute,
);
export const StaffLoginRoute = lazyRoute(
  () => import('@/features/auth/routes/staff-login'),
  (m) => m.StaffLoginRoute,
);
export const ForgotPasswordRoute = lazyRoute(
  () => import('@/features/auth/routes/forgot-password'),
  (m) => m.ForgotPasswordRoute,
);
export const ResetPasswordRoute = lazyRoute(
  () => import('@/features/auth/routes/reset-password'),
  (m) => m.ResetPasswordRoute,
);
export const SignInLinkRoute = lazyRoute(
  () => import('@/features/auth/routes/sign-in-link'),
  (m) => m.SignInLinkRoute,
);
export const InvitationRoute = lazyRoute(
  () => import('@/features/customer/routes/invitation'),
  (m) => m.InvitationRoute,
);
export const PaymentRoute = lazyRoute(
  () => import('@/features/checkout/routes/payment'),
  (m) => m.PaymentRoute,
);
export const PaymentSuccessRoute = lazyRoute(
  () => import('@/features/customer/routes/payment-success'),
  (m) => m.PaymentSuccessRoute,
);
export const CustomQuoteRoute = lazyRoute(
  () => import('@/features/checkout/routes/custom-quote'),
  (m) => m.CustomQuoteRoute,
);
// The customer's own pages (/dashboard/*): one chunk with their routes, which visitors never
// download; each page is one more (app/customer-area.tsx).
export const CustomerAreaRoute = lazyRoute(
  () => import('./customer-area'),
  (m) => m.CustomerArea,
);
