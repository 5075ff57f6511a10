import { useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadFailed } from '../../components/load-failed';
import { StaffPageHeader } from '../../components/page-header';
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
      <LoadFailed
        title={title}
        back={back}
        noun="user"
        error={user.error}
        onRetry={() => void user.refetch()}
      />
    );
  }
  return (
    <div className="max-w-4xl">
      <StaffPageHeader title={title} description={user.data.email} back={back} />
      <SiteUserForm key={user.data._id} user={user.data} />
    </div>
  );
}
