import type { ComponentProps, ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** A list as a table: scrolls sideways inside its card on narrow screens instead of the page. */
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
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
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

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td className={cn('border-b border-line px-5 py-3.5 align-middle', className)} {...props} />
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
      <td colSpan={columns} className="px-5 py-12 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}
