import { projectStageLabel, type ProjectStatus } from '@noise/shared/project-constants';
import { cn } from '@/lib/utils';

const tones: Record<ProjectStatus, string> = {
  active: 'bg-accent-soft text-accent-strong',
  'on-hold': 'bg-ink/10 text-ink',
  completed: 'bg-ink text-paper',
  cancelled: 'bg-danger-soft text-danger',
};

/**
 * A project's status as a pill: 'In Progress', 'Waiting for the brief', 'Completed', … (raw text
 * for unknown ones), in the words the customer reads too.
 */
export function SaleStatusBadge({
  status,
  briefSubmitted,
}: {
  status: string;
  briefSubmitted?: boolean;
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap',
        tones[status as ProjectStatus] ?? 'bg-ink/10 text-ink',
      )}
    >
      {projectStageLabel({ status, briefSubmitted }, 'staff')}
    </span>
  );
}
