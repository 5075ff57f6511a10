import { Loader2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * On a phone (below md) a table becomes a stack of cards: the header is left to screen readers and
 * each row wraps its cells (its key facts and its actions) instead of scrolling sideways.
 */
const stackedOnPhone = [
  'max-md:block max-md:[&_tbody]:block max-md:[&_thead]:sr-only',
  'max-md:[&_tr]:flex max-md:[&_tr]:flex-wrap max-md:[&_tr]:items-center',
  'max-md:[&_tr]:gap-x-4 max-md:[&_tr]:gap-y-1.5 max-md:[&_tr]:border-b max-md:[&_tr]:border-line',
  'max-md:[&_tr]:px-4 max-md:[&_tr]:py-3.5 max-md:[&_td]:border-0 max-md:[&_td]:p-0',
  'max-md:[&_td:last-child]:ml-auto',
].join(' ');

/** A list as a table on wider screens, and as stacked cards on a phone. */
export function StaffTable({
  caption,
  children,
  className,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'overflow-x-auto rounded-card border-2 border-ink/10 bg-paper shadow-card',
        className,
      )}
    >
      <table
        className={cn('w-full border-collapse text-left text-sm md:min-w-[36rem]', stackedOnPhone)}
      >
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b-2 border-ink/10 bg-canvas/60 px-5 py-3.5 text-xs font-bold tracking-wide text-muted uppercase',
        className,
      )}
      {...props}
    />
  );
}

/** A cell; `label` names it on a phone, where the header row is not shown (stacked cards). */
export function Td({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        'border-b border-line px-5 py-3.5 align-middle',
        label &&
          'max-md:before:mr-1.5 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-muted max-md:before:content-[attr(data-label)]',
        className,
      )}
      {...props}
    />
  );
}

/** Placeholder rows while a list loads. */
export function TableSkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            <Td key={column}>
              <Skeleton className="h-5 w-full max-w-48" />
            </Td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** One full-width row with a message (empty list, failed load). */
export function TableMessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-5 py-12 text-center text-muted max-md:w-full max-md:py-8">
        {children}
      </td>
    </tr>
  );
}

/** 'We could not load site users. Try again': a list that failed, in a table row or a card. */
export function LoadFailedMessage({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <>
      We could not load {what}.{' '}
      <Button variant="link" onClick={onRetry}>
        Try again
      </Button>
    </>
  );
}

/** What TableQueryRows reads of a list's query (TanStack Query's result). */
interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
  refetch: () => unknown;
}

/**
 * A list's body: placeholder rows while it loads, the failure with 'Try again', `empty` when
 * there is nothing (if given), otherwise the rows that `children` draws.
 */
export function TableQueryRows<T>({
  query,
  columns,
  what,
  empty,
  children,
}: {
  query: ListQuery<T>;
  columns: number;
  /** What failed to load, for the message: 'site users'. */
  what: string;
  empty?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <TableSkeletonRows columns={columns} />;
  if (query.isError) {
    return (
      <TableMessageRow columns={columns}>
        <LoadFailedMessage what={what} onRetry={() => void query.refetch()} />
      </TableMessageRow>
    );
  }
  const rows = query.data ?? [];
  if (rows.length === 0 && empty !== undefined) {
    return <TableMessageRow columns={columns}>{empty}</TableMessageRow>;
  }
  return children(rows);
}

/**
 * Under a paged staff list: 'Showing 25 sales' ('(all)' once nothing is left) and 'Load More'
 * while more pages follow.
 */
export function LoadMoreFooter({
  shown,
  noun,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  /** The row's name, one and many: ['sale', 'sales']. */
  noun: [string, string];
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-muted" aria-live="polite">
        {shown > 0
          ? `Showing ${shown} ${shown === 1 ? noun[0] : noun[1]}${hasMore ? '' : ' (all)'}`
          : ''}
      </p>
      {hasMore ? (
        <Button variant="secondary" onClick={onLoadMore} disabled={loading}>
          {loading ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Load More
        </Button>
      ) : null}
    </div>
  );
}
