import { Link } from 'react-router';
import { useSiteConfig } from '@/lib/site-config';
import { cn } from '@/lib/utils';

export function Logo({ className, inverted }: { className?: string; inverted?: boolean }) {
  const companyName = useSiteConfig().data?.companyName;
  return (
    <Link
      to="/"
      aria-label={companyName ? `${companyName} home` : 'Home'}
      className={cn(
        'group inline-flex shrink-0 items-center gap-2 rounded-lg font-display text-2xl leading-none font-extrabold tracking-tight',
        inverted ? 'text-paper' : 'text-ink',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'grid size-9 place-items-center rounded-xl text-lg transition-transform group-hover:-rotate-6',
          inverted ? 'bg-paper text-ink' : 'bg-ink text-accent',
        )}
      >
        N
      </span>
      <span aria-hidden="true">
        noise<span className="text-accent">.</span>
      </span>
    </Link>
  );
}
