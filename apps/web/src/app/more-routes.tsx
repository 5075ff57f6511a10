import { Route, Routes } from 'react-router';
import { CustomerGuard } from './customer-guard';
import {
  AuthSuccessRoute,
  ClaimOrderRoute,
  CustomQuoteRoute,
  ForgotPasswordRoute,
  InvitationRoute,
  NotFoundRoute,
  PaymentRoute,
  PaymentSuccessRoute,
  PayInvoiceRoute,
  RenewCardRoute,
  ResetPasswordRoute,
  SearchResultsRoute,
  SignInLinkRoute,
  VerifyEmailRoute,
} from './more-pages';

/**
 * The public addresses few visits start on (sign-in links, payment, search results, not found):
 * one chunk with their routes, loaded when one is first opened, so that the entry every page
 * loads does not carry them (docs/performance.md).
 */
export function MoreRoutes() {
  return (
    <Routes>
      <Route path="search" element={<SearchResultsRoute />} />
      <Route path="forgot-password" element={<ForgotPasswordRoute />} />
      <Route path="reset-password" element={<ResetPasswordRoute />} />
      <Route path="sign-in-link" element={<SignInLinkRoute />} />
      <Route path="verify-email" element={<VerifyEmailRoute />} />
      <Route path="auth-success" element={<AuthSuccessRoute />} />
      <Route path="claim-order" element={<ClaimOrderRoute />} />
      <Route path="invitations/:token" element={<InvitationRoute />} />
      {/* Signed out, a quote link shows the quote and the ways to sign in to pay it. */}
      <Route path="custom-quote/:quoteId" element={<CustomQuoteRoute />} />
      {/* An invoice's mailed link: its signature opens it, no sign-in (docs/decisions/093). */}
      <Route path="pay/invoice/:invoiceId" element={<PayInvoiceRoute />} />
      {/* A declined renewal's mailed link, to give a new card (docs/decisions/105). */}
      <Route path="renew-card/:subscriptionId" element={<RenewCardRoute />} />
      {/* Guests order and pay here too (docs/decisions/013). */}
      <Route element={<CustomerGuard allowGuests />}>
        <Route path="payment" element={<PaymentRoute />} />
        <Route path="payment-success" element={<PaymentSuccessRoute />} />
      </Route>
      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}
