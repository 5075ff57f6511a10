import type { ComponentProps } from 'react';

export function isExternalUrl(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** A link that leaves the site in a new tab, and says so to screen readers. */
export function ExternalLink({ children, ...props }: ComponentProps<'a'>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
