import { lazyRoute } from '@/lib/lazy-route';

// The pages few visits start on, each its own chunk, listed in app/more-routes.tsx's chunk rather
// than in the entry every page loads.
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
export const ForgotPasswordRoute = lazyRoute(
  () => import('@/features/auth/routes/forgot-password'),
  (m) => m.ForgotPasswordRoute,
);
export const ResetPasswordRoute = lazyRoute(
  () => import('@/features/auth/routes/reset-password'),
  (m) => m.ResetPasswordRoute,
);
export const VerifyEmailRoute = lazyRoute(
  () => import('@/features/auth/routes/verify-email'),
  (m) => m.VerifyEmailRoute,
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
export const SearchResultsRoute = lazyRoute(
  () => import('@/features/storefront/routes/search-results'),
  (m) => m.SearchResultsRoute,
);
export const PayInvoiceRoute = lazyRoute(
  () => import('@/features/checkout/routes/pay-invoice'),
  (m) => m.PayInvoiceRoute,
);
export const RenewCardRoute = lazyRoute(
  () => import('@/features/checkout/routes/renew-card'),
  (m) => m.RenewCardRoute,
);
