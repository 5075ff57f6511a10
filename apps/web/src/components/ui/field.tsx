import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export const REQUIRED_MESSAGE = 'This field is required';

export const controlClasses =
  'w-full rounded-xl border-2 border-line bg-paper px-4 text-base text-ink transition-colors placeholder:text-muted/80 hover:border-ink/40 focus-visible:border-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong disabled:cursor-not-allowed disabled:bg-canvas disabled:text-muted read-only:bg-canvas aria-invalid:border-danger';

interface FieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}

/** A label, the control, and its hint or error, wired together for assistive technology. */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  hideLabel,
  className,
  children,
}: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {/* The required mark sits outside the label so the field's name is exactly the label. */}
      <div className={cn('flex gap-0.5 text-sm font-semibold text-ink', hideLabel && 'sr-only')}>
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span aria-hidden="true" className="text-accent-strong">
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
