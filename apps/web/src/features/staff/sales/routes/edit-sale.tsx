import { CompanyCard } from '../../components/company-card';
import { Navigate, useLocation, useParams } from 'react-router';
import { orderName } from '@noise/shared/project';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSale } from '../../api/get-sale';
import { EmptyState, StaffPageHeader } from '../../components/page-header';
import { ProjectFiles, ProjectWorkspace } from '../../components/project-workspace';
import { SaleStatusControl } from '../../components/sale-status-control';
import { useToastOnError } from '../../components/use-toast-on-error';
import { SaleActivity } from '../components/sale-activity';
import { SalePayments, SaleSubscription } from '../components/sale-billing';
import { SaleBalance } from '../components/sale-balance';
import { SaleCustomer, SaleDetails } from '../components/sale-details';
import { SaleStatusUpdates } from '../components/sale-status';

const back = { to: '/wkm-dashboard/sales', label: 'Back to Sales' };

/**
 * /wkm-dashboard/sales/edit/{id} and /wkm-dashboard/custom-sales/edit/{id}. A request of a plan
 * has its own page under Requests (docs/decisions/097): its old address goes there.
 */
export function EditSaleRoute() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const sale = useSale(id);
  usePageMeta('Edit Sale');
  // On a narrower screen the status form comes first, before the service's own text.
  const wide = useMediaQuery('(min-width: 1280px)');
  useToastOnError(isNotFound(sale.error) ? null : sale.error, 'Could not load the sale');

  if (sale.isPending) return <PageSpinner label="Loading sale" />;
  if (sale.isError) {
    return (
      <div>
        <StaffPageHeader title="Edit Sale" back={back} />
        <EmptyState title={isNotFound(sale.error) ? 'Sale not found' : 'Could not load the sale'}>
          <p>{errorMessage(sale.error)}</p>
          {!isNotFound(sale.error) ? (
            <Button className="mt-4" onClick={() => void sale.refetch()}>
              Try again
            </Button>
          ) : null}
        </EmptyState>
      </div>
    );
  }

  const project = sale.data;
  if (project.request) {
    return <Navigate replace to={{ pathname: `/wkm-dashboard/requests/${project._id}`, hash }} />;
  }
  return (
    <div>
      <StaffPageHeader
        title="Edit Sale"
        description={`${orderName(project.orderNumber)} · ${project.service.title} · ordered ${formatDate(project.createdAt)}`}
        back={back}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {wide ? null : <SaleStatusControl sale={project} />}
          <SaleDetails sale={project} />
          <SaleStatusUpdates sale={project} />
          <ProjectWorkspace project={project} />
          <SalePayments
            saleId={project._id}
            recurring={project.package.type !== 'one-time'}
            money={project.money}
            canCredit={Boolean(project.companyId)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <SaleCustomer sale={project} />
          <CompanyCard companyId={project.companyId} currentUserId={project.user._id} />
          <ProjectFiles project={project} />
          {wide ? <SaleStatusControl sale={project} /> : null}
          <SaleBalance saleId={project._id} money={project.money} />
          <SaleSubscription saleId={project._id} recurring={project.package.type !== 'one-time'} />
          <SaleActivity userId={project.user._id} saleId={project._id} />
        </div>
      </div>
    </div>
  );
}
