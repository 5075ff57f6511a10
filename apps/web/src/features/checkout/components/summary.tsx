import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export const PLACEHOLDER_IMAGE = '/service-placeholder.svg';

export function SummaryLine({
  label,
  value,
  strong,
  children,
}: {
  label: ReactNode;
  value: string;
  strong?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex justify-between gap-4', strong && 'text-xl font-extrabold')}>
      <dt className={strong ? undefined : 'text-paper/75'}>
        {label}
        {children}
      </dt>
      <dd className="text-right font-semibold whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

export function SummaryRule({ strong }: { strong?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn('my-1', strong ? 'h-0.5 bg-paper' : 'h-px bg-paper/20')}
    />
  );
}
