import { MessageCircleQuestionMark, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderName } from '@noise/shared/project-constants';
import type { QuestionStatus } from '@noise/shared/questions';
import { useInbox } from '@/components/messages/messages-api';
import { useQuestions } from '@/components/messages/questions-api';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { EmptyState, StaffPageHeader } from '../../components/page-header';

const when = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** One row of the Inbox: a project's unread messages, or a general question. */
interface Row {
  key: string;
  to: string;
  general: boolean;
  who: string;
  about: ReactNode;
  excerpt: string;
  at: string | null;
  unread: number;
  tags?: ReactNode;
}

function InboxRow({ row }: { row: Row }) {
  const Icon = row.general ? MessageCircleQuestionMark : MessageSquare;
  return (
    <li>
      <Link
        to={row.to}
        className="flex gap-4 rounded-card border-2 border-ink/10 bg-paper p-4 shadow-card hover:border-ink focus-visible:outline-3 focus-visible:outline-accent-strong sm:p-5"
      >
        <Icon aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-bold">
            <span>{row.who}</span>
            {row.general ? (
              <span className="rounded-full bg-ink px-2 py-0.5 text-xs font-bold text-paper">
                General
              </span>
            ) : null}
            <span className="font-normal text-muted">{row.about}</span>
            {row.tags}
          </p>
          {row.excerpt ? <p className="mt-1 truncate text-muted">{row.excerpt}</p> : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
          {row.at ? (
            <time dateTime={row.at} className="text-muted">
              {when.format(new Date(row.at))}
            </time>
          ) : null}
          {row.unread ? (
            <span
              aria-label={`${row.unread} unread`}
              className="grid min-w-7 place-items-center rounded-full bg-accent px-2 py-0.5 font-bold"
            >
              {row.unread}
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}

const views = [
  { value: 'all', label: 'Unread' },
  { value: 'general', label: 'General questions' },
] as const;

/**
 * /wkm-dashboard/inbox (docs/product.md#inbox): projects whose customer wrote since you last
 * read, and general questions ('Ask us anything') with news, newest first; 'General questions'
 * lists every general question, open or closed, read or not.
 */
export function InboxRoute() {
  usePageMeta('Inbox');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'general' ? 'general' : 'all';
  const status: QuestionStatus = params.get('status') === 'closed' ? 'closed' : 'open';
  const inbox = useInbox();
  const questions = useQuestions(view === 'general' ? status : 'open');

  const failed = view === 'all' ? (inbox.error ?? questions.error) : questions.error;
  const pending = questions.isPending || (view === 'all' && inbox.isPending);
  const rows: Row[] = [];
  if (!pending && !failed) {
    for (const q of questions.data ?? []) {
      if (view === 'all' && q.unread === 0) continue;
      rows.push({
        key: `q-${q._id}`,
        to: `/wkm-dashboard/inbox/questions/${q._id}`,
        general: true,
        who: q.askedBy || q.companyName,
        about: q.subject,
        // A question with one message: its first line is the subject already.
        excerpt:
          q.lastMessage && !q.lastMessage.excerpt.startsWith(q.subject.replace(/…$/, ''))
            ? q.lastMessage.excerpt
            : '',
        at: q.lastMessage?.createdAt ?? null,
        unread: q.unread,
        tags: q.assignee ? (
          <span className="text-sm font-normal text-muted">{q.assignee.name}</span>
        ) : (
          <span className="text-sm font-semibold text-danger">Unassigned</span>
        ),
      });
    }
    if (view === 'all') {
      for (const item of inbox.data ?? []) {
        rows.push({
          key: `p-${item.projectId}`,
          to: `/wkm-dashboard/sales/edit/${item.projectId}#messages`,
          general: false,
          who: item.customerName,
          about: `${orderName(item.orderNumber)}, ${item.serviceTitle}`,
          excerpt: item.lastMessage.excerpt,
          at: item.lastMessage.createdAt,
          unread: item.unread,
        });
      }
      rows.sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
    }
  }
  const choose = (next: Record<string, string>) => setParams(next, { replace: true });

  return (
    <>
      <StaffPageHeader
        title="Inbox"
        description="Customer messages you have not read yet, newest first. General questions are not about an order."
      />
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <div role="group" aria-label="Show" className="flex gap-2">
          {views.map((v) => (
            <Button
              key={v.value}
              variant={view === v.value ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={view === v.value}
              className={cn(view === v.value && 'pointer-events-none')}
              onClick={() => choose(v.value === 'general' ? { view: 'general' } : {})}
            >
              {v.label}
            </Button>
          ))}
        </div>
        {view === 'general' ? (
          <div className="w-40">
            <Select
              label="Status"
              options={[
                { value: 'open', label: 'Open' },
                { value: 'closed', label: 'Closed' },
              ]}
              value={status}
              onChange={(event) =>
                choose({
                  view: 'general',
                  ...(event.target.value === 'closed' ? { status: 'closed' } : {}),
                })
              }
            />
          </div>
        ) : null}
      </div>
      {pending ? (
        <Skeleton className="h-32" />
      ) : failed ? (
        <EmptyState title="The inbox could not be loaded">
          {errorMessage(failed)}{' '}
          <Button
            variant="link"
            onClick={() => void Promise.all([inbox.refetch(), questions.refetch()])}
          >
            Try again
          </Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        view === 'all' ? (
          <EmptyState title="You're all caught up">New customer messages show here.</EmptyState>
        ) : (
          <EmptyState title={status === 'open' ? 'No open questions' : 'No closed questions'}>
            Questions customers ask from their dashboard show here.
          </EmptyState>
        )
      ) : (
        <ul
          aria-label={view === 'all' ? 'Unread conversations' : 'General questions'}
          className="flex flex-col gap-3"
        >
          {rows.map((row) => (
            <InboxRow key={row.key} row={row} />
          ))}
        </ul>
      )}
    </>
  );
}
