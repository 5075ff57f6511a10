import { zodResolver } from '@hookform/resolvers/zod';
import { Check, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  deliverableStateLabels,
  MESSAGE_TEXT_MAX,
  requestChangesSchema,
  type Deliverable,
  type DeliverableState,
} from '@noise/shared/messages';
import { AttachmentChip } from '@/components/ui/attachment-chip';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDecideDeliverable, useThread } from './messages-api';

const stateClasses: Record<DeliverableState, string> = {
  awaiting: 'bg-accent text-ink',
  approved: 'bg-success text-paper',
  'changes-requested': 'bg-danger-soft text-danger',
  superseded: 'bg-ink/10 text-ink',
};

function StateBadge({ state }: { state: DeliverableState }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        stateClasses[state],
      )}
    >
      {deliverableStateLabels[state]}
    </span>
  );
}

/** 'Request changes': what should change, posted as the customer's message. */
function RequestChanges({
  projectId,
  deliverable,
}: {
  projectId: string;
  deliverable: Deliverable;
}) {
  const decide = useDecideDeliverable(projectId);
  const [open, setOpen] = useState(false);
  const form = useForm<
    z.input<typeof requestChangesSchema>,
    unknown,
    z.output<typeof requestChangesSchema>
  >({
    resolver: zodResolver(requestChangesSchema),
    defaultValues: { text: '' },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.clearErrors();
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MessageSquareWarning aria-hidden="true" />
        Request changes
      </Button>
      <DialogContent
        title="Request changes"
        description={`Tell the team what to change in ${deliverable.name}, version ${deliverable.version}. They get it as your message.`}
      >
        <Form
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async ({ text }) => {
            try {
              await decide.mutateAsync({ deliverableId: deliverable._id, changes: text });
              form.reset();
              setOpen(false);
            } catch (error) {
              // What was typed stays, to send again.
              form.setError('text', {
                message: errorMessage(error, 'Your request could not be sent.'),
              });
            }
          }}
        >
          <FormField
            control={form.control}
            name="text"
            render={(field) => (
              <Textarea
                label="What should we change?"
                rows={5}
                maxLength={MESSAGE_TEXT_MAX}
                {...field}
              />
            )}
          />
          <FormSubmit>{decide.isPending ? 'Sending...' : 'Send request'}</FormSubmit>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DeliverableItem({
  projectId,
  deliverable,
  customer,
}: {
  projectId: string;
  deliverable: Deliverable;
  customer: boolean;
}) {
  const decide = useDecideDeliverable(projectId);
  const [failure, setFailure] = useState('');
  const { decision } = deliverable;
  return (
    <li
      className={cn(
        'rounded-2xl border-2 p-4',
        deliverable.state === 'superseded' ? 'border-dashed border-line' : 'border-ink',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-display text-lg font-bold">
          {deliverable.name}{' '}
          <span className="text-base font-semibold text-muted">Version {deliverable.version}</span>
        </p>
        <StateBadge state={deliverable.state} />
      </div>
      <p className="mt-1 text-sm text-muted">
        Sent by {deliverable.sentBy || 'the team'} on{' '}
        <time dateTime={deliverable.createdAt}>{formatDate(deliverable.createdAt)}</time>
      </p>
      {decision ? (
        <p className="mt-1 text-sm font-semibold">
          {decision.kind === 'approved' ? 'Approved' : 'Changes requested'} by{' '}
          {decision.byName || 'the customer'} on{' '}
          <time dateTime={decision.at}>{formatDate(decision.at)}</time>
        </p>
      ) : null}
      <ul
        aria-label={`Files of ${deliverable.name}, version ${deliverable.version}`}
        className="mt-3 flex flex-wrap gap-2"
      >
        {deliverable.files.map((file) => (
          <AttachmentChip key={file._id} attachment={file} />
        ))}
      </ul>
      {customer && deliverable.state === 'awaiting' ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            disabled={decide.isPending}
            onClick={async () => {
              setFailure('');
              try {
                await decide.mutateAsync({ deliverableId: deliverable._id });
              } catch (error) {
                setFailure(errorMessage(error, 'The approval could not be saved.'));
              }
            }}
          >
            <Check aria-hidden="true" />
            Approve
          </Button>
          <RequestChanges projectId={projectId} deliverable={deliverable} />
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {failure}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The deliverables of a project, newest first: each version with its files, date and state.
 * The customer approves the newest version or asks for changes; the team sees what they said.
 * Nothing shows until the team has sent one.
 */
export function Deliverables({
  projectId,
  customer,
  children,
}: {
  projectId: string;
  customer: boolean;
  /** The section around the list (its heading), shown only when there is something to list. */
  children: (list: React.ReactNode) => React.ReactNode;
}) {
  const thread = useThread(projectId);
  const versions = thread.data?.deliverables ?? [];
  if (versions.length === 0) return null;
  const newestFirst = [...versions].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.version - a.version,
  );
  return children(
    <ol aria-label="Deliverables" className="flex flex-col gap-3">
      {newestFirst.map((d) => (
        <DeliverableItem key={d._id} projectId={projectId} deliverable={d} customer={customer} />
      ))}
    </ol>,
  );
}
