import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  dueLabel,
  workGroupLabels,
  myWorkSchema,
  workGroups,
  type WorkItem,
} from '@noise/shared/my-work';
import { can } from '@noise/shared/permissions';
import {
  orderName,
  projectStatusLabels,
  type ProjectStatus,
} from '@noise/shared/project-constants';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { withQuery } from '@/lib/api-paths';
import { useAuth } from '@/lib/auth';
import { checkWith } from '@/lib/check-answer';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { EmptyState, StaffPageHeader, StaffSection } from '../../components/page-header';
import { useSalesFilters } from '../../api/get-sales-filters';

/** GET /api/my-work: the member's open projects (the caller's unless `member` names another). */
function useMyWork(member: string) {
  return useQuery({
    queryKey: ['my-work', member],
    queryFn: ({ signal }) =>
      apiRequest(withQuery('/api/my-work', { member }), {
        signal,
        check: checkWith(myWorkSchema),
      }),
  });
}

const waitingLabels = { brief: 'Waiting for the brief', approval: 'Waiting for approval' };

function WorkRow({ item, showAssignee }: { item: WorkItem; showAssignee: boolean }) {
  const path = `/wkm-dashboard/${item.type === 'Project' ? 'sales' : 'custom-sales'}/edit/${item.projectId}`;
  return (
    <li>
      <Link
        to={path}
        className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border-2 border-ink/10 bg-paper px-4 py-3 hover:border-ink focus-visible:outline-3 focus-visible:outline-accent-strong"
      >
        <div className="min-w-0 flex-1 basis-60">
          <p className="font-bold">
            {item.customerName}{' '}
            <span className="font-normal text-muted">
              {orderName(item.orderNumber)}, {item.serviceTitle}
            </span>
          </p>
          <p className="text-sm text-muted">
            {projectStatusLabels[item.status as ProjectStatus] ?? item.status}
            {item.waitingFor ? ` · ${waitingLabels[item.waitingFor]}` : ''}
            {showAssignee ? ` · ${item.assigneeName || 'Not assigned'}` : ''}
          </p>
        </div>
        <p
          className={cn(
            'text-sm font-semibold whitespace-nowrap',
            item.dueInDays !== null && item.dueInDays < 0 && 'text-danger',
          )}
        >
          {item.status === 'on-hold' ? 'Paused while on hold' : dueLabel(item.dueInDays)}
          {item.dueDate ? (
            <span className="block text-xs font-normal text-muted sm:text-right">
              {formatDate(item.dueDate)}
            </span>
          ) : null}
        </p>
        {item.unread > 0 ? (
          <span
            aria-label={`${item.unread} unread`}
            className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-sm font-bold"
          >
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {item.unread}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/**
 * /wkm-dashboard/my-work: the signed-in member's open projects in groups, 'Overdue', 'Due this
 * week', 'Waiting for the customer' and 'Later'. Those who manage site users may look at another
 * member's list or everyone's.
 */
export function MyWorkRoute() {
  usePageMeta('My Work');
  const { userRole } = useAuth();
  const mayChoose = can(userRole, 'site-users:manage');
  const [params, setParams] = useSearchParams();
  const member = mayChoose ? (params.get('member') ?? '') : '';
  const work = useMyWork(member);
  const members = useSalesFilters();

  return (
    <>
      <StaffPageHeader
        title="My Work"
        description="Open projects, soonest due first; the ones waiting for the customer apart."
      />
      {mayChoose ? (
        <div className="mb-6 max-w-xs">
          <Select
            label="Whose work"
            placeholder="Mine"
            options={[
              { value: 'everyone', label: 'Everyone' },
              ...(members.data?.teamMembers ?? []).map((m) => ({ value: m._id, label: m.name })),
            ]}
            value={member}
            onChange={(event) =>
              setParams(event.target.value ? { member: event.target.value } : {}, {
                replace: true,
              })
            }
          />
        </div>
      ) : null}
      {work.isPending ? (
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : work.isError ? (
        <EmptyState title="Your work could not be loaded">
          {errorMessage(work.error)}{' '}
          <Button variant="link" onClick={() => void work.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : work.data.items.length === 0 ? (
        <EmptyState title="Nothing open">Projects assigned to you show here.</EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          {workGroups.map((group) => {
            const items = work.data.items.filter((item) => item.group === group);
            if (items.length === 0) return null;
            return (
              <StaffSection key={group} title={`${workGroupLabels[group]} (${items.length})`}>
                <ul className="flex flex-col gap-2">
                  {items.map((item) => (
                    <WorkRow
                      key={item.projectId}
                      item={item}
                      showAssignee={work.data.member === 'everyone'}
                    />
                  ))}
                </ul>
              </StaffSection>
            );
          })}
        </div>
      )}
    </>
  );
}
