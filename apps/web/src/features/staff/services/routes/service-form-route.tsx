import { useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadFailed } from '../../components/load-failed';
import { StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useManageService } from '../../api/get-manage-service';
import { ServiceForm } from '../components/service-form';

const back = { to: '/wkm-dashboard/services', label: 'Back to Services' };

/** /wkm-dashboard/services/new and /wkm-dashboard/services/edit/{id}: Manage Service. */
export function ServiceFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit Service' : 'Add New Service';
  usePageMeta(title);
  const service = useManageService(id);
  useToastOnError(isNotFound(service.error) ? null : service.error, 'Could not load the service');

  if (!id) {
    return (
      <div className="max-w-5xl">
        <StaffPageHeader title={title} back={back} />
        <ServiceForm />
      </div>
    );
  }
  if (service.isPending) return <PageSpinner label="Loading service" />;
  if (service.isError) {
    return (
      <LoadFailed
        title={title}
        back={back}
        noun="service"
        error={service.error}
        onRetry={() => void service.refetch()}
      />
    );
  }
  return (
    <div className="max-w-5xl">
      <StaffPageHeader
        title={title}
        description={
          service.data.archived
            ? `${service.data.title} is archived: it is kept for its orders and is not on the site.`
            : service.data.title
        }
        back={back}
      />
      <ServiceForm key={service.data._id} service={service.data} />
    </div>
  );
}
