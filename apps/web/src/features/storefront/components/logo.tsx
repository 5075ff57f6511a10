import { Link } from 'react-router';
import { useSiteConfig } from '@/lib/site-config';
import { cn } from '@/lib/utils';

export function Logo({ className, inverted }: { className?: string; inverted?: boolean }) {
  const config = useSiteConfig().data;
  const companyName = config?.companyName;
  // The shop's uploaded logo when it has one (Settings > Business details), else the site's mark.
  if (config?.logoUrl) {
    return (
      <Link
        to="/"
        className={cn(
          'inline-flex shrink-0 items-center rounded-lg',
          inverted && 'rounded-xl bg-paper px-3 py-1.5',
          className,
        )}
      >
        <img
          src={config.logoUrl}
          alt={`${companyName ?? ''} home`}
          className="h-9 w-auto max-w-44 object-contain"
        />
      </Link>
    );
  }
  return (
    // Named by its words, not an aria-label, so the name always starts with the word on screen
    // (WCAG 2.5.3): saying 'click noise' to voice control finds it.
    <Link
      to="/"
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
      <span>
        noise<span className="text-accent">.</span>
      </span>
      <span className="sr-only">{` ${companyName ? `${companyName} home` : 'home'}`}</span>
    </Link>
  );
}
