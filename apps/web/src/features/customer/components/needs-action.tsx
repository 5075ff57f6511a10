import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { orderName } from '@noise/shared/project-constants';
import { clientActionLabels, type ClientAction } from '@noise/shared/client-actions';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useClientActions } from '../api/client-actions';
import { NeedsActionSkeleton } from './dashboard-skeletons';

const sinceWords: Record<ClientAction['kind'], string> = {
  brief: 'Ordered',
  proposal: 'Sent',
  balance: 'Asked for',
  renewal: 'Declined',
  deliverable: 'Delivered',
};

function ActionRow({ action }: { action: ClientAction }) {
  const label = clientActionLabels[action.kind];
  // Links inside the app; a hash opens the project page at the part to act on.
  return (
    <li className="flex flex-col gap-3 border-t-2 border-ink/10 py-4 first:border-t-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-bold break-words">{action.title}</p>
        <p className="text-sm text-muted">
          {action.orderNumber !== null ? `${orderName(action.orderNumber)} · ` : ''}
          {sinceWords[action.kind]} {formatDate(action.since)}
        </p>
      </div>
      <Button asChild size="sm" className="self-start sm:self-auto">
        <Link to={action.href} aria-label={`${label}: ${action.title}`}>
          {label}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </li>
  );
}

/**
 * What 'Needs your action' lists (docs/product.md#needs-your-action): what the customer's company
 * waits on them for, that their role may do, each linking straight to where it is done. The
 * dashboard draws the section around it (its heading) before this has loaded.
 */
export function NeedsActionList() {
  const actions = useClientActions();
  if (actions.isPending) return <NeedsActionSkeleton />;
  if (actions.isError) {
    return (
      <p role="alert" className="text-danger">
        {errorMessage(actions.error, 'What needs you could not be loaded.')}{' '}
        <Button variant="link" onClick={() => void actions.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (actions.data.items.length === 0) {
    return (
      <p className="flex items-center gap-3 text-muted">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-success" />
        Nothing needs you right now. We will let you know when something does.
      </p>
    );
  }
  return (
    <ul>
      {actions.data.items.map((action) => (
        <ActionRow key={`${action.kind}-${action.href}-${action.title}`} action={action} />
      ))}
    </ul>
  );
}
