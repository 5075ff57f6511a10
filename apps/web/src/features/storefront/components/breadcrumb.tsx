import { useQuery } from '@tanstack/react-query';
import { ChevronRight, House } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { humanizeSlug } from '@/lib/format';
import { cn } from '@/lib/utils';
import { pageQuery } from '../api/get-page';
import { serviceQuery } from '../api/get-service';
import { companyPages } from '@noise/shared/company-page-list';

/** The title the server gives the last segment of /services/{id} and /pages/{id}. */
function useRecordTitle(segments: string[]): string | undefined {
  const [area, id] = segments;
  const isRecord = segments.length === 2 && id !== undefined;
  const service = useQuery({ ...serviceQuery(id ?? ''), enabled: isRecord && area === 'services' });
  const page = useQuery({ ...pageQuery(id ?? ''), enabled: isRecord && area === 'pages' });
  if (!isRecord) return undefined;
  if (area === 'services') return service.data?.title;
  if (area === 'pages') return page.data?.title;
  return undefined;
}

/**
 * Sections without a page of their own: content pages have no index, so their crumb is text.
 * (/services has one: the home page's services map.)
 */
const WITHOUT_PAGE = new Set(['/pages']);

/** docs/product.md#breadcrumb: a home icon, then each path segment, a link if it has a page. */
export function Breadcrumb({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter(Boolean);
  const recordTitle = useRecordTitle(segments);

  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted">
        <li>
          <Link
            to="/"
            className="grid size-8 place-items-center rounded-full transition-colors hover:bg-ink hover:text-paper"
          >
            <House aria-hidden="true" className="size-4" />
            <span className="sr-only">Home</span>
          </Link>
        </li>
        {segments.map((segment, index) => {
          const href = `/${segments.slice(0, index + 1).join('/')}`;
          const isLast = index === segments.length - 1;
          const label =
            (isLast ? recordTitle : undefined) ??
            companyPages.find((page) => `/${page.slug}` === href)?.title ??
            humanizeSlug(segment);
          return (
            <li key={href} className="flex items-center gap-1.5">
              <ChevronRight aria-hidden="true" className="size-4 text-ink/30" />
              {WITHOUT_PAGE.has(href) ? (
                <span className="px-1 font-medium">{label}</span>
              ) : (
                <Link
                  to={href}
                  aria-current={isLast ? 'page' : undefined}
                  className={cn(
                    'rounded px-1 transition-colors hover:text-accent-strong',
                    isLast ? 'font-semibold text-ink' : 'font-medium',
                  )}
                >
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
