import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { orderName } from '@noise/shared/project-constants';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useInbox } from '@/components/messages/messages-api';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState, StaffPageHeader } from '../../components/page-header';

const when = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** /wkm-dashboard/inbox: projects whose customer wrote since you last read, newest first. */
export function InboxRoute() {
  usePageMeta('Inbox');
  const inbox = useInbox();
  return (
    <>
      <StaffPageHeader
        title="Inbox"
        description="Customer messages you have not read yet, newest first."
      />
      {inbox.isPending ? (
        <Skeleton className="h-32" />
      ) : inbox.isError ? (
        <EmptyState title="The inbox could not be loaded">
          {errorMessage(inbox.error)}{' '}
          <Button variant="link" onClick={() => void inbox.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : inbox.data.length === 0 ? (
        <EmptyState title="You're all caught up">New customer messages show here.</EmptyState>
      ) : (
        <ul aria-label="Unread conversations" className="flex flex-col gap-3">
          {inbox.data.map((item) => (
            <li key={item.projectId}>
              <Link
                to={`/wkm-dashboard/sales/edit/${item.projectId}#messages`}
                className="flex gap-4 rounded-card border-2 border-ink/10 bg-paper p-4 shadow-card hover:border-ink focus-visible:outline-3 focus-visible:outline-accent-strong sm:p-5"
              >
                <MessageSquare aria-hidden="true" className="mt-1 size-5 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 font-bold">
                    <span>{item.customerName}</span>
                    <span className="font-normal text-muted">
                      {orderName(item.orderNumber)}, {item.serviceTitle}
                    </span>
                  </p>
                  <p className="mt-1 truncate text-muted">{item.lastMessage.excerpt}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
                  <time dateTime={item.lastMessage.createdAt} className="text-muted">
                    {when.format(new Date(item.lastMessage.createdAt))}
                  </time>
                  <span
                    aria-label={`${item.unread} unread`}
                    className="grid min-w-7 place-items-center rounded-full bg-accent px-2 py-0.5 font-bold"
                  >
                    {item.unread}
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
