import { CompanyCard } from '../../components/company-card';
import { Link, useParams } from 'react-router';
import { orderName } from '@noise/shared/project';
import { Deliverables } from '@/components/messages/deliverables';
import { MessageThread } from '@/components/messages/message-thread';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState, StaffPageHeader, StaffSection } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useSale } from '../api/get-sale';
import { SaleActivity } from '../components/sale-activity';
import { SalePayments, SaleSubscription } from '../components/sale-billing';
import { SaleBalance } from '../components/sale-balance';
import { SaleBrief } from '../components/sale-brief';
import { SaleCustomer, SaleDetails } from '../components/sale-details';
import { SaleStatusControl, SaleStatusUpdates } from '../components/sale-status';

const back = { to: '/wkm-dashboard/sales', label: 'Back to Sales' };
const backToBoard = { to: '/wkm-dashboard/requests', label: 'Back to Requests' };

/** /wkm-dashboard/sales/edit/{id} and /wkm-dashboard/custom-sales/edit/{id}. */
export function EditSaleRoute() {
  const { id = '' } = useParams();
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
  const request = project.request;
  return (
    <div>
      {request ? (
        // A request of a plan is work, not a sale of its own (docs/decisions/097).
        <StaffPageHeader
          title="Request"
          description={
            <>
              {orderName(project.orderNumber)} · {project.service.title} · a request under{' '}
              <Link
                to={`/wkm-dashboard/sales/edit/${request.planId}`}
                className="underline underline-offset-2"
              >
                {request.planTitle} ({orderName(request.planOrderNumber)})
              </Link>{' '}
              · submitted {formatDate(project.createdAt)}
            </>
          }
          back={backToBoard}
        />
      ) : (
        <StaffPageHeader
          title="Edit Sale"
          description={`${orderName(project.orderNumber)} · ${project.service.title} · ordered ${formatDate(project.createdAt)}`}
          back={back}
        />
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {wide ? null : <SaleStatusControl sale={project} />}
          <SaleDetails sale={project} />
          <SaleStatusUpdates sale={project} />
          <Deliverables projectId={project._id} customer={false}>
            {(list) => (
              <StaffSection
                title="Deliverables"
                description="What the team sent for approval, newest first, and what the customer said."
              >
                <div id="deliverables" className="scroll-mt-24">
                  {list}
                </div>
              </StaffSection>
            )}
          </Deliverables>
          <StaffSection
            title="Messages"
            description="With the customer; internal notes stay with the team."
          >
            <div id="messages" className="scroll-mt-24">
              <MessageThread thread={{ kind: 'project', id: project._id }} team />
            </div>
          </StaffSection>
          <SaleBrief saleId={project._id} />
          <SalePayments
            saleId={project._id}
            recurring={project.package.type !== 'one-time'}
            money={project.money}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <SaleCustomer sale={project} />
          <CompanyCard companyId={project.companyId} currentUserId={project.user._id} />
          {project.companyId ? (
            <StaffSection
              title="Files"
              description="The company's file library, this order's folder included."
            >
              <Link
                to={`/wkm-dashboard/customers/edit/${project.user._id}#section-files`}
                className="font-semibold text-accent-strong underline underline-offset-2"
              >
                Open the company's files
              </Link>
            </StaffSection>
          ) : null}
          {wide ? <SaleStatusControl sale={project} /> : null}
          <SaleBalance saleId={project._id} money={project.money} />
          <SaleSubscription saleId={project._id} recurring={project.package.type !== 'one-time'} />
          <SaleActivity userId={project.user._id} saleId={project._id} />
        </div>
      </div>
    </div>
  );
}
