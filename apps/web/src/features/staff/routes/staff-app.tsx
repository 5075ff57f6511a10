import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { can, type Permission } from '@noise/shared/permissions';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { StaffShell } from '../components/staff-shell';
import {
  AccountRoute,
  AuditLogRoute,
  WebhooksRoute,
  CompanyPageFormRoute,
  CompanyPagesListRoute,
  CustomersListRoute,
  DiscountCodeFormRoute,
  DiscountCodesRoute,
  EditCustomerRoute,
  EmailsRoute,
  EditSaleRoute,
  InboxRoute,
  InvoiceRoute,
  InvoicesListRoute,
  QuestionRoute,
  IndustriesListRoute,
  IndustryFormRoute,
  MyWorkRoute,
  PageFormRoute,
  PagesListRoute,
  QuoteFormRoute,
  QuotesListRoute,
  ReportingRoute,
  RequestBoardRoute,
  RequestPageRoute,
  SalesListRoute,
  SettingsRoute,
  ServiceFormRoute,
  ServicesListRoute,
  SiteUserFormRoute,
  SiteUsersListRoute,
  StaffHomeRoute,
} from './screens';

export { preloadStaffScreen } from './screens';
import { StaffForbidden, StaffNotFound } from './staff-placeholder';

function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { userRole } = useAuth();
  return can(userRole, permission) ? children : <StaffForbidden />;
}

function CatalogueOnly({ children }: { children: ReactNode }) {
  return <Allowed permission="catalogue:manage">{children}</Allowed>;
}

/** /wkm-dashboard/*: the staff area, loaded as its own chunk; each screen is one more. */
export function StaffApp() {
  return (
    <StaffShell>
      {/* A screen not loaded yet (a first visit to it) shows a spinner inside the shell. */}
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route
            index
            element={
              <Allowed permission="overview:read">
                <StaffHomeRoute />
              </Allowed>
            }
          />
          <Route path="services">
            <Route
              index
              element={
                <CatalogueOnly>
                  <ServicesListRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="new"
              element={
                <CatalogueOnly>
                  <ServiceFormRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="edit/:id"
              element={
                <CatalogueOnly>
                  <ServiceFormRoute />
                </CatalogueOnly>
              }
            />
          </Route>
          <Route path="pages">
            <Route
              index
              element={
                <CatalogueOnly>
                  <PagesListRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="new"
              element={
                <CatalogueOnly>
                  <PageFormRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="edit/:id"
              element={
                <CatalogueOnly>
                  <PageFormRoute />
                </CatalogueOnly>
              }
            />
          </Route>
          <Route path="industries">
            <Route
              index
              element={
                <CatalogueOnly>
                  <IndustriesListRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="new"
              element={
                <CatalogueOnly>
                  <IndustryFormRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="edit/:id"
              element={
                <CatalogueOnly>
                  <IndustryFormRoute />
                </CatalogueOnly>
              }
            />
          </Route>
          <Route path="company-pages">
            <Route
              index
              element={
                <CatalogueOnly>
                  <CompanyPagesListRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="edit/:slug"
              element={
                <CatalogueOnly>
                  <CompanyPageFormRoute />
                </CatalogueOnly>
              }
            />
          </Route>
          <Route path="discount-codes">
            <Route
              index
              element={
                <CatalogueOnly>
                  <DiscountCodesRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="new"
              element={
                <CatalogueOnly>
                  <DiscountCodeFormRoute />
                </CatalogueOnly>
              }
            />
            <Route
              path="edit/:id"
              element={
                <CatalogueOnly>
                  <DiscountCodeFormRoute />
                </CatalogueOnly>
              }
            />
          </Route>
          <Route path="customers">
            <Route
              index
              element={
                <Allowed permission="customers:manage">
                  <CustomersListRoute />
                </Allowed>
              }
            />
            <Route
              path="edit/:id"
              element={
                <Allowed permission="customers:manage">
                  <EditCustomerRoute />
                </Allowed>
              }
            />
          </Route>
          <Route path="site-users">
            <Route
              index
              element={
                <Allowed permission="site-users:manage">
                  <SiteUsersListRoute />
                </Allowed>
              }
            />
            <Route
              path="new"
              element={
                <Allowed permission="site-users:manage">
                  <SiteUserFormRoute />
                </Allowed>
              }
            />
            <Route
              path="edit/:id"
              element={
                <Allowed permission="site-users:manage">
                  <SiteUserFormRoute />
                </Allowed>
              }
            />
          </Route>
          <Route
            path="my-work"
            element={
              <Allowed permission="sales:manage">
                <MyWorkRoute />
              </Allowed>
            }
          />
          <Route
            path="inbox"
            element={
              <Allowed permission="sales:manage">
                <InboxRoute />
              </Allowed>
            }
          />
          <Route
            path="inbox/questions/:id"
            element={
              <Allowed permission="sales:manage">
                <QuestionRoute />
              </Allowed>
            }
          />
          <Route path="requests">
            <Route
              index
              element={
                <Allowed permission="sales:manage">
                  <RequestBoardRoute />
                </Allowed>
              }
            />
            <Route
              path=":id"
              element={
                <Allowed permission="sales:manage">
                  <RequestPageRoute />
                </Allowed>
              }
            />
          </Route>
          <Route path="sales">
            <Route
              index
              element={
                <Allowed permission="sales:manage">
                  <SalesListRoute />
                </Allowed>
              }
            />
            <Route
              path="edit/:id"
              element={
                <Allowed permission="sales:manage">
                  <EditSaleRoute />
                </Allowed>
              }
            />
          </Route>
          <Route
            path="custom-sales/edit/:id"
            element={
              <Allowed permission="sales:manage">
                <EditSaleRoute />
              </Allowed>
            }
          />
          <Route path="invoices">
            <Route
              index
              element={
                <Allowed permission="invoices:manage">
                  <InvoicesListRoute />
                </Allowed>
              }
            />
            <Route
              path=":id"
              element={
                <Allowed permission="invoices:manage">
                  <InvoiceRoute />
                </Allowed>
              }
            />
          </Route>
          <Route path="custom-quotes">
            <Route
              index
              element={
                <Allowed permission="quotes:manage">
                  <QuotesListRoute />
                </Allowed>
              }
            />
            <Route
              path="new"
              element={
                <Allowed permission="quotes:manage">
                  <QuoteFormRoute />
                </Allowed>
              }
            />
            <Route
              path="edit/:id"
              element={
                <Allowed permission="quotes:manage">
                  <QuoteFormRoute />
                </Allowed>
              }
            />
          </Route>
          <Route
            path="reporting"
            element={
              <Allowed permission="reporting:read">
                <ReportingRoute />
              </Allowed>
            }
          />
          <Route
            path="emails"
            element={
              <CatalogueOnly>
                <EmailsRoute />
              </CatalogueOnly>
            }
          />
          <Route
            path="webhooks"
            element={
              <Allowed permission="webhooks:manage">
                <WebhooksRoute />
              </Allowed>
            }
          />
          <Route
            path="settings"
            element={
              <Allowed permission="settings:manage">
                <SettingsRoute />
              </Allowed>
            }
          />
          <Route
            path="audit-log"
            element={
              <Allowed permission="audit:read">
                <AuditLogRoute />
              </Allowed>
            }
          />
          {/* Every staff member's own: their two-factor sign-in. */}
          <Route path="account" element={<AccountRoute />} />
          <Route path="*" element={<StaffNotFound />} />
        </Routes>
      </Suspense>
    </StaffShell>
  );
}
