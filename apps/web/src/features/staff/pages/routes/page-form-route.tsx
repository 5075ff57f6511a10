import { useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadFailed } from '../../components/load-failed';
import { StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { usePage } from '../api/get-page';
import { PageForm } from '../components/page-form';

const back = { to: '/wkm-dashboard/pages', label: 'Back to Pages' };

/** /wkm-dashboard/pages/new and /wkm-dashboard/pages/edit/{id}. */
export function PageFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit Page' : 'Add New Page';
  usePageMeta(title);
  const page = usePage(id);
  useToastOnError(isNotFound(page.error) ? null : page.error, 'Could not load the page');

  if (!id) {
    return (
      <div className="max-w-4xl">
        <StaffPageHeader title={title} back={back} />
        <PageForm />
      </div>
    );
  }
  if (page.isPending) return <PageSpinner label="Loading page" />;
  if (page.isError) {
    return (
      <LoadFailed
        title={title}
        back={back}
        noun="page"
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  }
  return (
    <div className="max-w-4xl">
      <StaffPageHeader title={title} description={page.data.title} back={back} />
      <PageForm key={page.data._id} page={page.data} />
    </div>
  );
}
