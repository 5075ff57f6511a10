import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { formatDay } from '@noise/shared/format-day';
import { orderName, type Project } from '@noise/shared/project';
import { ordinal, requestStateLabels, type RequestItem } from '@noise/shared/requests';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSale } from '../../api/get-sale';
import { CompanyCard } from '../../components/company-card';
import { EmptyState, StaffPageHeader, StaffSection } from '../../components/page-header';
import { ProjectFiles, ProjectWorkspace } from '../../components/project-workspace';
import { saleDueText } from '../../components/sale-due';
import { SaleStatusControl } from '../../components/sale-status-control';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useBoard } from '../api/get-board';
import { useRequest } from '../api/get-request';
import { MoveNotice, MoveToSelect } from '../components/move-to';
import { useSendMove } from '../components/use-send-move';

const back = { to: '/wkm-dashboard/requests', label: 'Back to Requests' };

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-bold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

function dueOf(card: RequestItem, project: Project) {
  if (card.state === 'done') return 'Done';
  if (card.state === 'cancelled') return 'Cancelled';
  if (!card.dueDate) return 'Set when it starts';
  return `${formatDay(`${card.dueDate}T00:00:00Z`, 'UTC')} · ${saleDueText(project)}`;
}

/** The request's plan, client, state (moved as on the board), assignee and due date. */
function RequestSummary({ card, project }: { card: RequestItem; project: Project }) {
  // The board as loaded: a queued request's places count its plan's whole queue.
  const board = useBoard();
  const { send, notice, busy } = useSendMove();
  const contact = project.contact;
  const person =
    [contact.firstName, contact.lastName].filter(Boolean).join(' ') || project.user.email;
  return (
    <StaffSection title="Request">
      <MoveNotice notice={notice} />
      <dl className="grid gap-4">
        <Item label="Plan">
          <Link
            to={`/wkm-dashboard/sales/edit/${card.planId}`}
            className="font-semibold underline underline-offset-2"
          >
            {card.planTitle}
          </Link>
        </Item>
        <Item label="Client">
          {card.companyName || 'No company'}
          <span className="block text-sm text-muted">Submitted by {person}</span>
        </Item>
        <Item label="State">
          <span className="font-semibold">{requestStateLabels[card.state]}</span>
          {card.state === 'queued' && card.queuePlace !== null
            ? ` · ${ordinal(card.queuePlace)} in queue`
            : null}
        </Item>
        <Item label="Assigned to">{card.coordinatorName || 'Unassigned'}</Item>
        <Item label="Due">{dueOf(card, project)}</Item>
      </dl>
      {card.state === 'cancelled' ? null : (
        <MoveToSelect
          card={card}
          cards={board.data ?? [card]}
          onMove={send}
          busy={busy}
          className="mt-4"
        />
      )}
    </StaffSection>
  );
}

/**
 * /wkm-dashboard/requests/{id} (docs/product.md#request-plans): a request of a plan is work, not
 * a sale (docs/decisions/097), so its page has the workspace and no money. Not a request: its
 * Edit Sale page.
 */
export function RequestPageRoute() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const project = useSale(id);
  const request = useRequest(id);
  usePageMeta('Request');
  const wide = useMediaQuery('(min-width: 1280px)');
  const notAProject = isNotFound(project.error);
  const error = project.error ?? (project.data?.request ? request.error : null);
  useToastOnError(isNotFound(error) ? null : error, 'Could not load the request');

  if (project.data && !project.data.request) {
    return <Navigate replace to={{ pathname: `/wkm-dashboard/sales/edit/${id}`, hash }} />;
  }
  if (error) {
    const missing = notAProject || isNotFound(error);
    return (
      <div>
        <StaffPageHeader title="Request" back={back} />
        <EmptyState title={missing ? 'Request not found' : 'Could not load the request'}>
          <p>{errorMessage(error)}</p>
          {!missing ? (
            <Button
              className="mt-4"
              onClick={() => void Promise.all([project.refetch(), request.refetch()])}
            >
              Try again
            </Button>
          ) : null}
        </EmptyState>
      </div>
    );
  }
  if (!project.data || !request.data) return <PageSpinner label="Loading request" />;

  const sale = project.data;
  const card = request.data;
  const side = (
    <>
      <RequestSummary card={card} project={sale} />
      <SaleStatusControl sale={sale} title="Assignee and due date" withStatus={false} />
    </>
  );
  return (
    <div>
      <StaffPageHeader
        title={card.title}
        description={
          <>
            Request {orderName(card.orderNumber)} under{' '}
            <Link
              to={`/wkm-dashboard/sales/edit/${card.planId}`}
              className="underline underline-offset-2"
            >
              {card.planTitle}
              {sale.request ? ` (${orderName(sale.request.planOrderNumber)})` : ''}
            </Link>{' '}
            · submitted {formatDate(card.createdAt)}
          </>
        }
        back={back}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {wide ? null : side}
          <ProjectWorkspace project={sale} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {wide ? side : null}
          <CompanyCard companyId={sale.companyId} currentUserId={sale.user._id} />
          <ProjectFiles project={sale} />
        </div>
      </div>
    </div>
  );
}
