import { FileSignature, Lock, LockOpen } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { can } from '@noise/shared/permissions';
import { MessageThread } from '@/components/messages/message-thread';
import { useQuestion, useUpdateQuestion } from '@/components/messages/questions-api';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage, toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadFailed } from '../../components/load-failed';
import { StaffPageHeader, StaffSection } from '../../components/page-header';
import { useSalesFilters } from '../../api/get-sales-filters';

const back = { to: '/wkm-dashboard/inbox?view=general', label: 'Inbox' };

/**
 * /wkm-dashboard/inbox/questions/{id}: a general question ('Ask us anything',
 * docs/product.md#inbox): its thread, who it is assigned to, open or closed, and 'Turn into a
 * quote', which opens the quote form for its customer with the question as the summary.
 */
export function QuestionRoute() {
  const { id = '' } = useParams();
  const question = useQuestion(id);
  const update = useUpdateQuestion(id);
  const { userRole } = useAuth();
  const me = useCurrentUser().data?._id;
  const members = useSalesFilters();
  usePageMeta(question.data?.subject ?? 'Question');

  if (question.isPending) return <PageSpinner label="Loading the question" />;
  if (question.isError) {
    return (
      <LoadFailed
        title="Question"
        back={back}
        noun="question"
        error={question.error}
        onRetry={() => void question.refetch()}
      />
    );
  }
  const data = question.data;
  const mayQuote = can(userRole, 'quotes:manage');
  // Co-ordinators take a question for themselves; admins give it to anyone on the team.
  const mayAssignOthers = can(userRole, 'site-users:manage');
  const team = (members.data?.teamMembers ?? []).filter(
    (m) => mayAssignOthers || m._id === me || m._id === data.assignee?._id,
  );

  async function change(changes: Parameters<typeof update.mutateAsync>[0], done: string) {
    try {
      await update.mutateAsync(changes);
      toastSuccess(done);
    } catch (error) {
      toastApiError(error, 'The question could not be changed');
    }
  }

  return (
    <div className="max-w-4xl">
      <StaffPageHeader
        title={<span className="wrap-anywhere">{data.subject}</span>}
        description={
          <>
            <span className="mr-2 rounded-full bg-ink px-2 py-0.5 text-xs font-bold text-paper">
              General
            </span>
            Asked by {data.askedBy}
            {data.askedByEmail ? ` (${data.askedByEmail})` : ''}
            {data.companyName !== data.askedBy ? `, ${data.companyName}` : ''}
            {data.status === 'closed' ? ' · Closed' : ''}
          </>
        }
        back={back}
      />
      <div className="flex flex-col gap-6">
        <StaffSection title="Question">
          <div className="grid gap-5 sm:grid-cols-2">
            <Select
              label="Assigned to"
              placeholder="Nobody"
              disabled={update.isPending}
              options={team.map((m) => ({ value: m._id, label: m.name }))}
              value={data.assignee?._id ?? ''}
              hint="They hear of it, and see it if they are a co-ordinator."
              onChange={(event) =>
                void change(
                  { assigneeId: event.target.value || null },
                  event.target.value ? 'Question assigned' : 'Question unassigned',
                )
              }
            />
            <div className="flex flex-wrap items-end gap-3">
              {data.status === 'open' ? (
                <Button
                  variant="outline"
                  disabled={update.isPending}
                  onClick={() => void change({ status: 'closed' }, 'Question closed')}
                >
                  <Lock aria-hidden="true" />
                  Close question
                </Button>
              ) : (
                <Button
                  variant="outline"
                  disabled={update.isPending}
                  onClick={() => void change({ status: 'open' }, 'Question reopened')}
                >
                  <LockOpen aria-hidden="true" />
                  Reopen question
                </Button>
              )}
              {mayQuote && data.quote ? (
                <Button asChild variant="outline">
                  <Link to={`/wkm-dashboard/custom-quotes/edit/${data.quote._id}`}>
                    <FileSignature aria-hidden="true" />
                    Proposal: {data.quote.name}
                  </Link>
                </Button>
              ) : mayQuote ? (
                <Button asChild>
                  <Link
                    to={`/wkm-dashboard/custom-quotes/new?question=${encodeURIComponent(data._id)}`}
                  >
                    <FileSignature aria-hidden="true" />
                    Turn into a quote
                  </Link>
                </Button>
              ) : data.quote ? (
                <p className="text-sm text-muted">Proposal: {data.quote.name}</p>
              ) : null}
            </div>
          </div>
          {update.isError ? (
            <p role="alert" className="mt-4 text-sm font-semibold text-danger">
              {errorMessage(update.error)}
            </p>
          ) : null}
        </StaffSection>
        <StaffSection title="Messages">
          <MessageThread
            thread={{ kind: 'question', id: data._id }}
            team
            emptyText="No messages yet."
          />
        </StaffSection>
      </div>
    </div>
  );
}
