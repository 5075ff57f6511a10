/**
 * The staff area's screens: which address opens which, and the module that draws it (under
 * apps/web/src). The web app loads each screen as its own chunk and loads the one a visit opens
 * on before the first render; the server preloads that screen's chunks with the page, finding
 * them in the build manifest by `module`. First match wins.
 */
export const staffScreens = [
  { name: 'home', path: /^\/wkm-dashboard\/?$/, module: 'features/staff/routes/overview.tsx' },
  {
    name: 'services',
    path: /^\/wkm-dashboard\/services\/?$/,
    module: 'features/staff/services/routes/services-list.tsx',
  },
  {
    name: 'service',
    path: /^\/wkm-dashboard\/services\/(new|edit\/[^/]+)\/?$/,
    module: 'features/staff/services/routes/service-form-route.tsx',
  },
  {
    name: 'pages',
    path: /^\/wkm-dashboard\/pages\/?$/,
    module: 'features/staff/pages/routes/pages-list.tsx',
  },
  {
    name: 'page',
    path: /^\/wkm-dashboard\/pages\/(new|edit\/[^/]+)\/?$/,
    module: 'features/staff/pages/routes/page-form-route.tsx',
  },
  {
    name: 'industries',
    path: /^\/wkm-dashboard\/industries\/?$/,
    module: 'features/staff/industries/routes/industries-list.tsx',
  },
  {
    name: 'industry',
    path: /^\/wkm-dashboard\/industries\/(new|edit\/[^/]+)\/?$/,
    module: 'features/staff/industries/routes/industry-form-route.tsx',
  },
  {
    name: 'companyPages',
    path: /^\/wkm-dashboard\/company-pages\/?$/,
    module: 'features/staff/company-pages/routes/company-pages-list.tsx',
  },
  {
    name: 'companyPage',
    path: /^\/wkm-dashboard\/company-pages\/edit\/[^/]+\/?$/,
    module: 'features/staff/company-pages/routes/company-page-form-route.tsx',
  },
  {
    name: 'discountCodes',
    path: /^\/wkm-dashboard\/discount-codes\/?$/,
    module: 'features/staff/discounts/routes/discount-codes.tsx',
  },
  {
    name: 'discountCode',
    path: /^\/wkm-dashboard\/discount-codes\/(new|edit\/[^/]+)\/?$/,
    module: 'features/staff/discounts/routes/discount-code-form-route.tsx',
  },
  {
    name: 'settings',
    path: /^\/wkm-dashboard\/settings\/?$/,
    module: 'features/staff/settings/routes/settings.tsx',
  },
  {
    name: 'emails',
    path: /^\/wkm-dashboard\/emails\/?$/,
    module: 'features/staff/emails/routes/emails.tsx',
  },
  {
    name: 'invoices',
    path: /^\/wkm-dashboard\/invoices\/?$/,
    module: 'features/staff/invoices/routes/invoices-list.tsx',
  },
  {
    name: 'invoice',
    path: /^\/wkm-dashboard\/invoices\/[^/]+\/?$/,
    module: 'features/staff/invoices/routes/invoice-route.tsx',
  },
  {
    name: 'customers',
    path: /^\/wkm-dashboard\/customers\/?$/,
    module: 'features/staff/customers/routes/customers-list.tsx',
  },
  {
    name: 'customer',
    path: /^\/wkm-dashboard\/customers\/edit\/[^/]+\/?$/,
    module: 'features/staff/customers/routes/edit-customer.tsx',
  },
  {
    name: 'siteUsers',
    path: /^\/wkm-dashboard\/site-users\/?$/,
    module: 'features/staff/site-users/routes/site-users-list.tsx',
  },
  {
    name: 'siteUser',
    path: /^\/wkm-dashboard\/site-users\/(new|edit\/[^/]+)\/?$/,
    module: 'features/staff/site-users/routes/site-user-form-route.tsx',
  },
  {
    name: 'myWork',
    path: /^\/wkm-dashboard\/my-work\/?$/,
    module: 'features/staff/my-work/routes/my-work.tsx',
  },
  {
    name: 'inbox',
    path: /^\/wkm-dashboard\/inbox\/?$/,
    module: 'features/staff/inbox/routes/inbox.tsx',
  },
  {
    name: 'question',
    path: /^\/wkm-dashboard\/inbox\/questions\/[^/]+\/?$/,
    module: 'features/staff/inbox/routes/question.tsx',
  },
  {
    name: 'requests',
    path: /^\/wkm-dashboard\/requests\/?$/,
    module: 'features/staff/requests/routes/request-board.tsx',
  },
  {
    name: 'request',
    path: /^\/wkm-dashboard\/requests\/[^/]+\/?$/,
    module: 'features/staff/requests/routes/request-page.tsx',
  },
  {
    name: 'sales',
    path: /^\/wkm-dashboard\/sales\/?$/,
    module: 'features/staff/sales/routes/sales-list.tsx',
  },
  {
    name: 'sale',
    path: /^\/wkm-dashboard\/(sales|custom-sales)\/edit\/[^/]+\/?$/,
    module: 'features/staff/sales/routes/edit-sale.tsx',
  },
  {
    name: 'quotes',
    path: /^\/wkm-dashboard\/custom-quotes\/?$/,
    module: 'features/staff/quotes/routes/quotes-list.tsx',
  },
  {
    name: 'quote',
    path: /^\/wkm-dashboard\/custom-quotes\/(new|edit\/[^/]+)\/?$/,
    module: 'features/staff/quotes/routes/quote-form-route.tsx',
  },
  {
    name: 'reporting',
    path: /^\/wkm-dashboard\/reporting\/?$/,
    module: 'features/staff/reporting/routes/reporting.tsx',
  },
  {
    name: 'webhooks',
    path: /^\/wkm-dashboard\/webhooks\/?$/,
    module: 'features/staff/webhooks/routes/webhooks.tsx',
  },
  {
    name: 'auditLog',
    path: /^\/wkm-dashboard\/audit-log\/?$/,
    module: 'features/staff/audit/routes/audit-log.tsx',
  },
  {
    name: 'account',
    path: /^\/wkm-dashboard\/account\/?$/,
    module: 'features/staff/account/routes/account.tsx',
  },
] as const;

export type StaffScreenName = (typeof staffScreens)[number]['name'];

/** The screen a staff address opens on, if it is one. */
export const staffScreenAt = (pathname: string) =>
  staffScreens.find((screen) => screen.path.test(pathname));
