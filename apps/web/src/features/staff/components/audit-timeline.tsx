import type { AuditEntry } from '@noise/shared/customers';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { EmptyState, StaffSection } from './page-header';
import { useToastOnError } from './use-toast-on-error';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${timeFormat.format(date)}`;
}

/** Who changed what, newest first: the audit trail of a customer or a sale. */
export function AuditTimeline({
  audit,
}: {
  audit: { isPending: boolean; data: AuditEntry[] | undefined; error: unknown };
}) {
  useToastOnError(audit.error, 'Could not load the activity');
  return (
    <StaffSection title="Activity">
      {audit.isPending ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : !audit.data?.length ? (
        <EmptyState title="No activity yet" />
      ) : (
        <ol aria-label="Activity" className="flex flex-col">
          {audit.data.map((entry) => (
            <li
              key={entry._id}
              className="relative border-l-2 border-line pb-4 pl-5 last:pb-0 before:absolute before:top-1.5 before:-left-[7px] before:size-3 before:rounded-full before:bg-accent"
            >
              <p className="text-sm font-semibold">{entry.summary}</p>
              <p className="text-xs text-muted">
                by {entry.actorName} ·{' '}
                <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}
