import { Check } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root> & { label: ReactNode };

export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  const generatedId = useId();
  const checkboxId = id ?? generatedId;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <CheckboxPrimitive.Root
        id={checkboxId}
        className="grid size-6 shrink-0 cursor-pointer place-items-center rounded-md border-2 border-ink bg-paper transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-strong data-[state=checked]:bg-ink data-[state=checked]:text-accent"
        {...props}
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden="true" className="size-4" strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium select-none">
        {label}
      </label>
    </div>
  );
}
