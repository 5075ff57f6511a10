import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

interface StaffPlaceholderProps {
  title: string;
  description: string;
  action?: { label: string; to: string };
}

/** A staff screen that is being built: what it will do, and where to go meanwhile. */
export function StaffPlaceholder({ title, description, action }: StaffPlaceholderProps) {
  usePageMeta(title);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-4xl font-extrabold">{title}</h1>
        {action ? (
          <Button asChild variant="secondary">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ) : null}
      </div>
      <p className="mt-6 max-w-2xl rounded-card border-2 border-dashed border-ink/20 bg-paper p-8 text-lg text-muted">
        {description}
      </p>
    </div>
  );
}

export function StaffNotFound() {
  usePageMeta('Not Found');
  return (
    <div className="py-16 text-center">
      <h1 className="text-5xl font-extrabold">Not Found</h1>
      <p className="mt-3 text-muted">There is no dashboard page at this address.</p>
      <Button asChild className="mt-8">
        <Link to="/wkm-dashboard">Back to Dashboard</Link>
      </Button>
    </div>
  );
}

export function StaffForbidden() {
  usePageMeta('No access');
  return (
    <div className="py-16 text-center">
      <h1 className="text-4xl font-extrabold">You do not have access to this page</h1>
      <p className="mt-3 text-muted">Ask an administrator if you need it.</p>
      <Button asChild className="mt-8">
        <Link to="/wkm-dashboard">Back to Dashboard</Link>
      </Button>
    </div>
  );
}
