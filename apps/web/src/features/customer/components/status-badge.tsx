import { Link } from 'react-router';
import { projectStageLabel, projectStatusLabels } from '@noise/shared/project-constants';
import type { Project } from '@noise/shared/project';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useCompanyCan } from './company-role';
import { orderAgainHref } from './order-again';

/**
 * docs/product.md#project-status: active shows as 'In Progress' (or 'Waiting for your brief'
 * until the brief comes), a finished project (completed or cancelled) offers 'Order Again', on
 * hold says so, and an unknown status shows as its raw text.
 */
export function ProjectStatusAction({ project }: { project: Project }) {
  // A role that places no orders (Billing: docs/product.md#client-companies) is not offered one.
  const ordering = useCompanyCan()?.('order') !== false;
  if (project.status === 'active') {
    return (
      <span className="inline-flex h-9 items-center rounded-full bg-accent-soft px-4 text-sm font-semibold whitespace-nowrap text-accent-strong">
        {projectStageLabel(project, 'customer')}
      </span>
    );
  }
  const href = ordering ? orderAgainHref(project) : null;
  if (project.status === 'on-hold') {
    return (
      <span className="inline-flex h-9 items-center rounded-full bg-canvas px-4 text-sm font-semibold">
        {projectStatusLabels['on-hold']}
      </span>
    );
  }
  if ((project.status === 'completed' || project.status === 'cancelled') && href) {
    return (
      <Link
        to={href}
        className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'relative z-10')}
      >
        Order Again
      </Link>
    );
  }
  return (
    <span className="inline-flex h-9 items-center rounded-full bg-canvas px-4 text-sm font-semibold capitalize">
      {project.status}
    </span>
  );
}
