import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Slot } from './slot';

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-[background-color,color,box-shadow,transform] duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-strong active:translate-y-px disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-[1.1em] [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary:
          'bg-accent text-ink shadow-[0_6px_20px_-8px_var(--color-accent)] hover:bg-accent-hover',
        secondary: 'bg-ink text-paper hover:bg-ink-soft',
        outline: 'border-2 border-ink bg-transparent text-ink hover:bg-ink hover:text-paper',
        ghost: 'bg-transparent text-ink hover:bg-ink/5',
        link: 'rounded-md !h-auto !px-0 text-accent-strong underline-offset-4 hover:underline',
        // On ink, where neither accent reaches 4.5:1 on a tinted panel (2.8 and 4.46): paper,
        // underlined so it still reads as a link.
        'link-inverted':
          'rounded-md !h-auto !px-0 text-paper underline underline-offset-4 hover:no-underline',
        'outline-inverted':
          'border-2 border-paper/70 bg-transparent text-paper hover:border-paper hover:bg-paper hover:text-ink',
        destructive: 'bg-danger text-paper hover:bg-danger/90',
      },
      size: {
        sm: 'h-9 px-4 text-sm',
        md: 'h-11 px-6 text-[0.95rem]',
        lg: 'h-14 px-8 text-lg',
        // Full width and as tall as its label needs: a long label wraps on a phone instead of
        // pushing the button out of its box.
        block: 'min-h-14 w-full px-4 py-2 text-base sm:px-6 sm:text-lg',
        icon: 'size-11',
        'icon-sm': 'size-9',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
