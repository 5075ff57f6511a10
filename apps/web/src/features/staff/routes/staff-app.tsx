import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { can, type Permission } from '@noise/shared/permissions';
import { useAuth } from '@/lib/auth';
import { StaffShell } from '../components/staff-shell';
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

interface Area {
  path: string;
  permission: Permission;
  title: string;
  description: string;
  /** 'Add New …' title and link, when the area has a create form. */
  create?: string;
  editTitle: string;
  what: string;
}

const areas: Area[] = [
  {
    path: 'services',
    permission: 'catalogue:manage',
    title: 'Services',
    description: 'Every service with View, Edit and Delete will be listed here.',
    create: 'Add New Service',
    editTitle: 'Edit Service',
    what: 'service',
  },
  {
    path: 'pages',
    permission: 'catalogue:manage',
    title: 'Pages',
    description: 'Content pages with their items will be listed here.',
    create: 'Add New Page',
    editTitle: 'Edit Page',
    what: 'page',
  },
  {
    path: 'industries',
    permission: 'catalogue:manage',
    title: 'Industries',
    description: 'The industries of the home page will be listed here.',
    create: 'Add New Industry',
    editTitle: 'Edit Industry',
    what: 'industry',
  },
  {
    path: 'customers',
    permission: 'customers:manage',
    title: 'Customers',
    description: 'Customers with search, contact details, projects and internal notes.',
    editTitle: 'Edit Customer',
    what: 'customer',
  },
  {
    path: 'site-users',
    permission: 'site-users:manage',
    title: 'Site Users',
    description: 'Everyone who can sign in, with their role.',
    create: 'Add New User',
    editTitle: 'Edit User',
    what: 'user',
  },
  {
    path: 'sales',
    permission: 'sales:manage',
    title: 'Sales',
    description: 'Orders with company, service, total, status and team member.',
    editTitle: 'Edit Sale',
    what: 'sale',
  },
  {
    path: 'custom-quotes',
    permission: 'quotes:manage',
    title: 'All Custom Quotes',
    description: 'Custom quotes and the payment links to send to customers.',
    create: 'New Custom Quote',
    editTitle: 'Edit Custom Quote',
    what: 'quote',
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
        {areas.map((area) => (
          <Route key={area.path} path={area.path}>
            <Route
              index
              element={
                <Allowed permission={area.permission}>
                  <StaffPlaceholder
                    title={area.title}
                    description={area.description}
                    action={area.create ? { label: area.create, to: 'new' } : undefined}
                  />
                </Allowed>
              }
            />
            {area.create ? (
              <Route
                path="new"
                element={
                  <Allowed permission={area.permission}>
                    <StaffPlaceholder
                      title={area.create}
                      description={`The form to create a ${area.what} is being built.`}
                    />
                  </Allowed>
                }
              />
            ) : null}
            <Route
              path="edit/:id"
              element={
                <Allowed permission={area.permission}>
                  <EditPlaceholder title={area.editTitle} what={area.what} />
                </Allowed>
              }
            />
          </Route>
        ))}
        <Route
          path="custom-sales/edit/:id"
          element={
            <Allowed permission="sales:manage">
              <EditPlaceholder title="Edit Sale" what="custom sale" />
            </Allowed>
          }
        />
        <Route path="*" element={<StaffNotFound />} />
      </Routes>
    </StaffShell>
  );
}
