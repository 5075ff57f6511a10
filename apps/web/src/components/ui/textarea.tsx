import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { controlClasses, describedBy, Field } from './field';
import { useRequiredState } from './use-required-state';

export type TextareaProps = ComponentProps<'textarea'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
};

export function Textarea({
  label,
  error,
  hint,
  hideLabel,
  id,
  required,
  onChange,
  className,
  ...props
}: TextareaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const { requiredError, handleChange } = useRequiredState(required, onChange);
  const message = error ?? requiredError;
  return (
    <Field
      id={inputId}
      label={label}
      required={required}
      error={message}
      hint={hint}
      hideLabel={hideLabel}
    >
      <textarea
        id={inputId}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(inputId, message, hint)}
        onChange={handleChange}
        className={cn(controlClasses, 'min-h-28 py-3', className)}
        {...props}
      />
    </Field>
  );
}
