import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { controlClasses, describedBy, Field } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
};

/** A native select: the platform's own picker is the most accessible one on every device. */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  hideLabel,
  id,
  required,
  className,
  ...props
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <Field
      id={selectId}
      label={label}
      required={required}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
    >
      <div className="relative">
        <select
          id={selectId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          className={cn(controlClasses, 'h-12 cursor-pointer appearance-none pr-11', className)}
          {...props}
        >
          {placeholder !== undefined ? (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-muted"
        />
      </div>
    </Field>
  );
}
