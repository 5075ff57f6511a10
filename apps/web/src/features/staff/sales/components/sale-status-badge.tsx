import { projectStatusLabels, type ProjectStatus } from '@noise/shared/project';
import { cn } from '@/lib/utils';

const tones: Record<ProjectStatus, string> = {
  active: 'bg-accent-soft text-accent-strong',
  'on-hold': 'bg-ink/10 text-ink',
  completed: 'bg-ink text-paper',
  cancelled: 'bg-danger-soft text-danger',
};

function saleStatusLabel(status: string): string {
  return projectStatusLabels[status as ProjectStatus] ?? status;
}

/** A project's status as a pill: 'In Progress', 'Completed', … (raw text for unknown ones). */
export function SaleStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap',
        tones[status as ProjectStatus] ?? 'bg-ink/10 text-ink',
      )}
    >
      {saleStatusLabel(status)}
    </span>
  );
}
