import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { can, type Permission } from '@noise/shared/permissions';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { StaffShell } from '../components/staff-shell';
import { CustomersListRoute } from '../customers/routes/customers-list';
import { EditCustomerRoute } from '../customers/routes/edit-customer';
import { SiteUserFormRoute } from '../site-users/routes/site-user-form-route';
import { SiteUsersListRoute } from '../site-users/routes/site-users-list';
import { CompanyPageFormRoute } from '../company-pages/routes/company-page-form-route';
import { CompanyPagesListRoute } from '../company-pages/routes/company-pages-list';
import { IndustriesListRoute } from '../industries/routes/industries-list';
import { IndustryFormRoute } from '../industries/routes/industry-form-route';
import { PageFormRoute } from '../pages/routes/page-form-route';
import { PagesListRoute } from '../pages/routes/pages-list';
import { ServiceFormRoute } from '../services/routes/service-form-route';
import { ServicesListRoute } from '../services/routes/services-list';
import { QuoteFormRoute } from '../quotes/routes/quote-form-route';
import { QuotesListRoute } from '../quotes/routes/quotes-list';
import { InboxRoute } from '../inbox/routes/inbox';
import { MyWorkRoute } from '../my-work/routes/my-work';
import { EditSaleRoute } from '../sales/routes/edit-sale';
import { SalesListRoute } from '../sales/routes/sales-list';
import { OverviewRoute } from './overview';
import { StaffForbidden, StaffNotFound } from './staff-placeholder';

// Reporting draws charts over a lot of data and only admins open it: its own chunk.
const ReportingRoute = lazy(() => import('../reporting/routes/reporting'));

function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { userRole } = useAuth();
  return can(userRole, permission) ? children : <StaffForbidden />;
}

function CatalogueOnly({ children }: { children: ReactNode }) {
  return <Allowed permission="catalogue:manage">{children}</Allowed>;
}

/** /wkm-dashboard/*: the staff area, loaded as its own chunk. */
export function StaffApp() {
  return (
    <StaffShell>
      <Routes>
        <Route
          index
          element={
            <Allowed permission="overview:read">
              <OverviewRoute />
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
              <Suspense fallback={<PageSpinner label="Loading reporting" />}>
                <ReportingRoute />
              </Suspense>
            </Allowed>
          }
        />
        <Route path="*" element={<StaffNotFound />} />
      </Routes>
    </StaffShell>
  );
}
