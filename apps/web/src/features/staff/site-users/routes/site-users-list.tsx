import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '@noise/shared/permissions';
import { isStaffRole, roleLabels } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/display-name';
import type { User } from '@noise/shared/user';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StaffPageHeader } from '../../components/page-header';
import { StaffTable, TableQueryRows, Td, Th } from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useDeleteSiteUser } from '../api/delete-site-user';
import { useSiteUsers } from '../api/get-site-users';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { TwoFactorPolicyCard } from '../components/two-factor-policy';

function nameOf(user: User): string {
  return displayNameOf(user.profile) || user.email;
}

/** /wkm-dashboard/site-users: Name, User Role, Action (Edit, Delete). */
export function SiteUsersListRoute() {
  usePageMeta('Site Users');
  const users = useSiteUsers();
  const me = useCurrentUser().data;
  const deleteUser = useDeleteSiteUser();
  const [toDelete, setToDelete] = useState<User | null>(null);
  // docs/product.md#two-factor-sign-in: super-admins require it of staff and reset it.
  const managesTwoFactor = can(useAuth().userRole, 'two-factor:manage');
  const resetTwoFactor = useResetTwoFactor();
  const [toReset, setToReset] = useState<User | null>(null);
  useToastOnError(users.error, 'Could not load site users');

  return (
    <div>
      <StaffPageHeader
        title="Site Users"
        actions={
          <Button asChild variant="secondary">
            <Link to="new">
              <Plus aria-hidden="true" />
              Add New User
            </Link>
          </Button>
        }
      />
      {managesTwoFactor ? <TwoFactorPolicyCard /> : null}
      <StaffTable caption="Site users">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>User Role</Th>
            <Th className="w-72 text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          <TableQueryRows query={users} columns={3} what="site users" empty="No users yet.">
            {(rows) =>
              rows.map((user) => {
                const name = nameOf(user);
                return (
                  <tr key={user._id} className="hover:bg-canvas/50">
                    <Td>
                      <p className="font-semibold">
                        {name}
                        {me?._id === user._id ? (
                          <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-bold text-accent-strong">
                            You
                          </span>
                        ) : null}
                      </p>
                      <p className="break-all text-muted">{user.email}</p>
                    </Td>
                    <Td>{roleLabels[user.role]}</Td>
                    <Td>
                      <div className="flex flex-wrap justify-end gap-2">
                        <Button asChild variant="outline" size="sm">
                          <Link to={`edit/${user._id}`}>
                            Edit<span className="sr-only"> {name}</span>
                          </Link>
                        </Button>
                        {managesTwoFactor && isStaffRole(user.role) ? (
                          <Button variant="ghost" size="sm" onClick={() => setToReset(user)}>
                            Reset two-factor<span className="sr-only"> of {name}</span>
                          </Button>
                        ) : null}
                        <Button variant="ghost" size="sm" onClick={() => setToDelete(user)}>
                          Delete<span className="sr-only"> {name}</span>
                        </Button>
                      </div>
                    </Td>
                  </tr>
                );
              })
            }
          </TableQueryRows>
        </tbody>
      </StaffTable>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? null : setToDelete(null))}
        title="Delete this user?"
        description={
          toDelete
            ? `${nameOf(toDelete)} (${toDelete.email}) will no longer be able to sign in. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete User"
        onConfirm={async () => {
          if (!toDelete) return;
          await deleteUser.mutateAsync(toDelete._id);
          toastSuccess('User deleted');
        }}
      />
      <ConfirmDialog
        open={toReset !== null}
        onOpenChange={(open) => (open ? null : setToReset(null))}
        title="Reset two-factor sign-in?"
        description={
          toReset
            ? `${nameOf(toReset)} (${toReset.email}) will sign in with their password alone, and set two-factor up again at their next sign-in when it is required for staff. Their recovery codes and remembered devices stop working.`
            : undefined
        }
        confirmLabel="Reset two-factor"
        onConfirm={async () => {
          if (!toReset) return;
          await resetTwoFactor.mutateAsync(toReset._id);
          toastSuccess('Two-factor sign-in reset');
        }}
      />
    </div>
  );
}
