import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState, StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useSiteUser } from '../api/get-site-user';
import { SiteUserForm } from '../components/site-user-form';

const back = { to: '/wkm-dashboard/site-users', label: 'Back to Site Users' };

/** /wkm-dashboard/site-users/new and /wkm-dashboard/site-users/edit/{id}. */
export function SiteUserFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit User' : 'Add New User';
  usePageMeta(title);
  const user = useSiteUser(id);
  useToastOnError(isNotFound(user.error) ? null : user.error, 'Could not load the user');

  if (!id) {
    return (
      <div className="max-w-4xl">
        <StaffPageHeader title={title} back={back} />
        <SiteUserForm />
      </div>
    );
  }
  if (user.isPending) return <PageSpinner label="Loading user" />;
  if (user.isError) {
    return (
      <div>
        <StaffPageHeader title={title} back={back} />
        <EmptyState title={isNotFound(user.error) ? 'User not found' : 'Could not load the user'}>
          <p>{errorMessage(user.error)}</p>
          {!isNotFound(user.error) ? (
            <Button className="mt-4" onClick={() => void user.refetch()}>
              Try again
            </Button>
          ) : null}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="max-w-4xl">
      <StaffPageHeader title={title} description={user.data.email} back={back} />
      <SiteUserForm key={user.data._id} user={user.data} />
    </div>
  );
}
