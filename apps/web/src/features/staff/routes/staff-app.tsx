import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { can, type Permission } from '@noise/shared/permissions';
import { useAuth } from '@/lib/auth';
import { StaffShell } from '../components/staff-shell';
import { CustomersListRoute } from '../customers/routes/customers-list';
import { EditCustomerRoute } from '../customers/routes/edit-customer';
import { SiteUserFormRoute } from '../site-users/routes/site-user-form-route';
import { SiteUsersListRoute } from '../site-users/routes/site-users-list';
import { OverviewRoute } from './overview';
import { StaffForbidden, StaffNotFound, StaffPlaceholder } from './staff-placeholder';

function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { userRole } = useAuth();
  return can(userRole, permission) ? children : <StaffForbidden />;
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

const placeholderAreas = [
  {
    path: 'services',
    title: 'Services',
    description: 'Every service with View, Edit and Delete will be listed here.',
    create: 'Add New Service',
    editTitle: 'Edit Service',
    what: 'service',
  },
  {
    path: 'pages',
    title: 'Pages',
    description: 'Content pages with their items will be listed here.',
    create: 'Add New Page',
    editTitle: 'Edit Page',
    what: 'page',
  },
  {
    path: 'industries',
    title: 'Industries',
    description: 'The industries of the home page will be listed here.',
    create: 'Add New Industry',
    editTitle: 'Edit Industry',
    what: 'industry',
  },
];

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
        {placeholderAreas.map((area) => (
          <Route key={area.path} path={area.path}>
            <Route
              index
              element={
                <Allowed permission="catalogue:manage">
                  <StaffPlaceholder
                    title={area.title}
                    description={area.description}
                    action={{ label: area.create, to: 'new' }}
                  />
                </Allowed>
              }
            />
            <Route
              path="new"
              element={
                <Allowed permission="catalogue:manage">
                  <StaffPlaceholder title={area.create} description="This form is being built." />
                </Allowed>
              }
            />
            <Route
              path="edit/:id"
              element={
                <Allowed permission="catalogue:manage">
                  <EditPlaceholder title={area.editTitle} what={area.what} />
                </Allowed>
              }
            />
          </Route>
        ))}
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
