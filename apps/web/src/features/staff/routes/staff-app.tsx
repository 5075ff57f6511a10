import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { can, type Permission } from '@noise/shared/permissions';
import { useAuth } from '@/lib/auth';
import { StaffShell } from '../components/staff-shell';
import { CustomersListRoute } from '../customers/routes/customers-list';
import { EditCustomerRoute } from '../customers/routes/edit-customer';
import { SiteUserFormRoute } from '../site-users/routes/site-user-form-route';
import { SiteUsersListRoute } from '../site-users/routes/site-users-list';
import { IndustriesListRoute } from '../industries/routes/industries-list';
import { IndustryFormRoute } from '../industries/routes/industry-form-route';
import { PageFormRoute } from '../pages/routes/page-form-route';
import { PagesListRoute } from '../pages/routes/pages-list';
import { ServiceFormRoute } from '../services/routes/service-form-route';
import { ServicesListRoute } from '../services/routes/services-list';
import { OverviewRoute } from './overview';
import { StaffForbidden, StaffNotFound, StaffPlaceholder } from './staff-placeholder';

function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { userRole } = useAuth();
  return can(userRole, permission) ? children : <StaffForbidden />;
}

function CatalogueOnly({ children }: { children: ReactNode }) {
  return <Allowed permission="catalogue:manage">{children}</Allowed>;
}

function EditPlaceholder({ title, what }: { title: string; what: string }) {
  const { id = '' } = useParams();
  return (
    <StaffPlaceholder
      title={title}
      description={`The form to edit ${what} ${id} is being built.`}
    />
  );
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
        <Route path="sales">
          <Route
            index
            element={
              <Allowed permission="sales:manage">
                <StaffPlaceholder
                  title="Sales"
                  description="Orders with company, service, total, status and team member."
                />
              </Allowed>
            }
          />
          <Route
            path="edit/:id"
            element={
              <Allowed permission="sales:manage">
                <EditPlaceholder title="Edit Sale" what="sale" />
              </Allowed>
            }
          />
        </Route>
        <Route
          path="custom-sales/edit/:id"
          element={
            <Allowed permission="sales:manage">
              <EditPlaceholder title="Edit Sale" what="custom sale" />
            </Allowed>
          }
        />
        <Route path="custom-quotes">
          <Route
            index
            element={
              <Allowed permission="quotes:manage">
                <StaffPlaceholder
                  title="All Custom Quotes"
                  description="Custom quotes and the payment links to send to customers."
                  action={{ label: 'Add New Quote', to: 'new' }}
                />
              </Allowed>
            }
          />
          <Route
            path="new"
            element={
              <Allowed permission="quotes:manage">
                <StaffPlaceholder
                  title="New Custom Quote"
                  description="The form to create a quote is being built."
                />
              </Allowed>
            }
          />
          <Route
            path="edit/:id"
            element={
              <Allowed permission="quotes:manage">
                <EditPlaceholder title="Edit Custom Quote" what="quote" />
              </Allowed>
            }
          />
        </Route>
        <Route path="*" element={<StaffNotFound />} />
      </Routes>
    </StaffShell>
  );
}
