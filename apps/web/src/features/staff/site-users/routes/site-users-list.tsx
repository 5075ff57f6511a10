import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { roleLabels } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/display-name';
import type { User } from '@noise/shared/user';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StaffPageHeader } from '../../components/page-header';
import { StaffTable, TableQueryRows, Td, Th } from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useDeleteSiteUser } from '../api/delete-site-user';
import { useSiteUsers } from '../api/get-site-users';

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
      <StaffTable caption="Site users">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>User Role</Th>
            <Th className="w-48 text-right">Action</Th>
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
                      <div className="flex justify-end gap-2">
                        <Button asChild variant="outline" size="sm">
                          <Link to={`edit/${user._id}`}>
                            Edit<span className="sr-only"> {name}</span>
                          </Link>
                        </Button>
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
    </div>
  );
}
