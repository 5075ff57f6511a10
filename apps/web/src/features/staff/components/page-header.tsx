import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

interface StaffPageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links on the right ('Add New …'). */
  actions?: ReactNode;
  /** A Back link above the title. */
  back?: { to: string; label?: string };
}

/** The title row every staff screen starts with. */
export function StaffPageHeader({ title, description, actions, back }: StaffPageHeaderProps) {
  return (
    <div className="mb-8">
      {back ? (
        <Button asChild variant="ghost" size="sm" className="mb-3 -ml-3">
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label ?? 'Back'}
          </Link>
        </Button>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-4xl font-extrabold break-words">{title}</h1>
          {description ? <p className="mt-2 text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}

/** A titled white card that groups one part of a screen. */
export function StaffSection({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-card border-2 border-ink/10 bg-paper p-5 shadow-card sm:p-6 ${className ?? ''}`}
    >
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-2xl font-bold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-card border-2 border-dashed border-ink/15 px-6 py-10 text-center">
      <p className="font-display text-lg font-bold">{title}</p>
      {children ? <div className="mt-2 text-sm text-muted">{children}</div> : null}
    </div>
  );
}
