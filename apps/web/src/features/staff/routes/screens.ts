import { staffScreenAt, type StaffScreenName } from '@noise/shared/staff-screens';
import { lazyRoute } from '@/lib/lazy-route';

// Every staff screen is its own chunk: the staff area's first load carries its shell and the one
// screen it opens on (the charts only on Reporting), and the server preloads that screen's chunks
// with the page (@noise/shared/staff-screens lists the screens for both).
export const StaffHomeRoute = lazyRoute(
  () => import('./overview'),
  (m) => m.StaffHomeRoute,
);
export const ServicesListRoute = lazyRoute(
  () => import('../services/routes/services-list'),
  (m) => m.ServicesListRoute,
);
export const ServiceFormRoute = lazyRoute(
  () => import('../services/routes/service-form-route'),
  (m) => m.ServiceFormRoute,
);
export const PagesListRoute = lazyRoute(
  () => import('../pages/routes/pages-list'),
  (m) => m.PagesListRoute,
);
export const PageFormRoute = lazyRoute(
  () => import('../pages/routes/page-form-route'),
  (m) => m.PageFormRoute,
);
export const IndustriesListRoute = lazyRoute(
  () => import('../industries/routes/industries-list'),
  (m) => m.IndustriesListRoute,
);
export const IndustryFormRoute = lazyRoute(
  () => import('../industries/routes/industry-form-route'),
  (m) => m.IndustryFormRoute,
);
export const CompanyPagesListRoute = lazyRoute(
  () => import('../company-pages/routes/company-pages-list'),
  (m) => m.CompanyPagesListRoute,
);
export const CompanyPageFormRoute = lazyRoute(
  () => import('../company-pages/routes/company-page-form-route'),
  (m) => m.CompanyPageFormRoute,
);
export const WebhooksRoute = lazyRoute(
  () => import('../webhooks/routes/webhooks'),
  (m) => m.WebhooksRoute,
);
export const SettingsRoute = lazyRoute(
  () => import('../settings/routes/settings'),
  (m) => m.SettingsRoute,
);
export const EmailsRoute = lazyRoute(
  () => import('../emails/routes/emails'),
  (m) => m.EmailsRoute,
);
export const DiscountCodesRoute = lazyRoute(
  () => import('../discounts/routes/discount-codes'),
  (m) => m.DiscountCodesRoute,
);
export const DiscountCodeFormRoute = lazyRoute(
  () => import('../discounts/routes/discount-code-form-route'),
  (m) => m.DiscountCodeFormRoute,
);
export const CustomersListRoute = lazyRoute(
  () => import('../customers/routes/customers-list'),
  (m) => m.CustomersListRoute,
);
export const EditCustomerRoute = lazyRoute(
  () => import('../customers/routes/edit-customer'),
  (m) => m.EditCustomerRoute,
);
export const SiteUsersListRoute = lazyRoute(
  () => import('../site-users/routes/site-users-list'),
  (m) => m.SiteUsersListRoute,
);
export const SiteUserFormRoute = lazyRoute(
  () => import('../site-users/routes/site-user-form-route'),
  (m) => m.SiteUserFormRoute,
);
export const MyWorkRoute = lazyRoute(
  () => import('../my-work/routes/my-work'),
  (m) => m.MyWorkRoute,
);
export const InboxRoute = lazyRoute(
  () => import('../inbox/routes/inbox'),
  (m) => m.InboxRoute,
);
export const QuestionRoute = lazyRoute(
  () => import('../inbox/routes/question'),
  (m) => m.QuestionRoute,
);
export const RequestBoardRoute = lazyRoute(
  () => import('../requests/routes/request-board'),
  (m) => m.RequestBoardRoute,
);
export const RequestPageRoute = lazyRoute(
  () => import('../requests/routes/request-page'),
  (m) => m.RequestPageRoute,
);
export const SalesListRoute = lazyRoute(
  () => import('../sales/routes/sales-list'),
  (m) => m.SalesListRoute,
);
export const EditSaleRoute = lazyRoute(
  () => import('../sales/routes/edit-sale'),
  (m) => m.EditSaleRoute,
);
export const QuotesListRoute = lazyRoute(
  () => import('../quotes/routes/quotes-list'),
  (m) => m.QuotesListRoute,
);
export const QuoteFormRoute = lazyRoute(
  () => import('../quotes/routes/quote-form-route'),
  (m) => m.QuoteFormRoute,
);
export const ReportingRoute = lazyRoute(
  () => import('../reporting/routes/reporting'),
  (m) => m.default,
);
export const AuditLogRoute = lazyRoute(
  () => import('../audit/routes/audit-log'),
  (m) => m.default,
);
export const AccountRoute = lazyRoute(
  () => import('../account/routes/account'),
  (m) => m.AccountRoute,
);

export const InvoicesListRoute = lazyRoute(
  () => import('../invoices/routes/invoices-list'),
  (m) => m.InvoicesListRoute,
);
export const InvoiceRoute = lazyRoute(
  () => import('../invoices/routes/invoice-route'),
  (m) => m.InvoiceRoute,
);

/** Each screen of the shared list with its chunk: a screen added there must be added here. */
const screens: Record<StaffScreenName, { preload: () => Promise<unknown> }> = {
  home: StaffHomeRoute,
  services: ServicesListRoute,
  service: ServiceFormRoute,
  pages: PagesListRoute,
  page: PageFormRoute,
  industries: IndustriesListRoute,
  industry: IndustryFormRoute,
  companyPages: CompanyPagesListRoute,
  companyPage: CompanyPageFormRoute,
  discountCodes: DiscountCodesRoute,
  discountCode: DiscountCodeFormRoute,
  emails: EmailsRoute,
  customers: CustomersListRoute,
  customer: EditCustomerRoute,
  siteUsers: SiteUsersListRoute,
  siteUser: SiteUserFormRoute,
  myWork: MyWorkRoute,
  inbox: InboxRoute,
  question: QuestionRoute,
  requests: RequestBoardRoute,
  request: RequestPageRoute,
  sales: SalesListRoute,
  sale: EditSaleRoute,
  quotes: QuotesListRoute,
  quote: QuoteFormRoute,
  invoices: InvoicesListRoute,
  invoice: InvoiceRoute,
  reporting: ReportingRoute,
  auditLog: AuditLogRoute,
  webhooks: WebhooksRoute,
  settings: SettingsRoute,
  account: AccountRoute,
};

/**
 * Loads the code of the screen at `pathname` before the staff area first renders, so that render
 * draws the screen instead of a spinner (lib/lazy-route.tsx). Never rejects: a chunk that failed
 * is asked for again when the screen renders.
 */
export async function preloadStaffScreen(pathname: string): Promise<void> {
  const screen = staffScreenAt(pathname);
  try {
    if (screen) await screens[screen.name].preload();
  } catch {
    // The screen's own loading shows what went wrong.
  }
}
