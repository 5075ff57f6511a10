import { cn } from '@/lib/utils';

interface SpinnerProps {
  className?: string;
  label?: string;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-ink/15 border-t-accent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-canvas">
      <Spinner label={label} className="[&>span:first-child]:size-12" />
    </div>
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Spinner label={label} className="[&>span:first-child]:size-10" />
    </div>
  );
}
