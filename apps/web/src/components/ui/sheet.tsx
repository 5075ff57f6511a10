import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { overlayClasses } from './dialog';

const sheetVariants = cva(
  'fixed z-50 flex flex-col bg-paper shadow-2xl focus-visible:outline-none',
  {
    variants: {
      side: {
        right:
          'inset-y-0 right-0 h-full w-[min(100vw,400px)] data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right',
        left: 'inset-y-0 left-0 h-full w-[min(100vw,400px)] data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left',
        top: 'inset-x-0 top-0 max-h-[85dvh] data-[state=closed]:animate-sheet-out-top data-[state=open]:animate-sheet-in-top',
        bottom:
          'inset-x-0 bottom-0 max-h-[85dvh] rounded-t-card data-[state=closed]:animate-sheet-out-bottom data-[state=open]:animate-sheet-in-bottom',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export type SheetSide = 'left' | 'right' | 'top' | 'bottom';

export interface SheetProps {
  /** The caller owns the open state (docs/product.md#off-canvas-panel). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  side?: SheetSide;
  className?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The off-canvas panel (docs/product.md#off-canvas-panel): slides in from a side (right by
 * default) in 300 ms, has a title and a close button, closes on an outside click or Escape, and
 * locks page scroll.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  side = 'right',
  className,
  children,
  footer,
}: SheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          className={cn(sheetVariants({ side }), className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-6 py-5">
            <div>
              <DialogPrimitive.Title className="text-xl font-extrabold">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm text-muted">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              className="-mt-1 -mr-2 grid size-10 shrink-0 cursor-pointer place-items-center rounded-full transition-colors hover:bg-ink/5 focus-visible:outline-3 focus-visible:outline-accent-strong"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer ? <div className="border-t border-line px-6 py-5">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
