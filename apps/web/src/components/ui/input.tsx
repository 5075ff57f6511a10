import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { controlClasses, describedBy, Field } from './field';
import { useRequiredState } from './use-required-state';

export type TextInputProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** Rendered inside the control on the right (a show/hide toggle). */
  trailing?: ReactNode;
  fieldClassName?: string;
};

export function TextInput({
  label,
  error,
  hint,
  hideLabel,
  trailing,
  id,
  required,
  onChange,
  className,
  fieldClassName,
  ...props
}: TextInputProps) {
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
      className={fieldClassName}
    >
      <div className="relative">
        <input
          id={inputId}
          required={required}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(inputId, message, hint)}
          onChange={handleChange}
          className={cn(controlClasses, 'h-12', trailing ? 'pr-12' : undefined, className)}
          {...props}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div>
        ) : null}
      </div>
    </Field>
  );
}
