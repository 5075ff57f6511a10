import { Plus } from 'lucide-react';
import { createContext, use, useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/*
 * The ARIA accordion pattern (a heading with a button that shows a region), written here for the
 * same first-load budget as tabs.tsx.
 */
interface AccordionState {
  isOpen: (value: string) => boolean;
  toggle: (value: string) => void;
}

const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ value: string; id: string } | null>(null);

interface AccordionProps {
  /** 'single' keeps at most one item open; 'multiple' lets any number open. */
  type?: 'single' | 'multiple';
  /** With 'single': whether the open item can be closed again. */
  collapsible?: boolean;
  defaultValue?: string[];
  className?: string;
  children: ReactNode;
}

export function Accordion({
  type = 'single',
  collapsible = true,
  defaultValue = [],
  className,
  children,
}: AccordionProps) {
  const [open, setOpen] = useState<string[]>(defaultValue);
  const state: AccordionState = {
    isOpen: (value) => open.includes(value),
    toggle: (value) =>
      setOpen((current) => {
        if (current.includes(value)) {
          if (type === 'single' && !collapsible) return current;
          return current.filter((v) => v !== value);
        }
        return type === 'single' ? [value] : [...current, value];
      }),
  };
  return (
    <AccordionContext value={state}>
      <div className={className}>{children}</div>
    </AccordionContext>
  );
}

function useItem() {
  const accordion = use(AccordionContext);
  const item = use(ItemContext);
  if (!accordion || !item) throw new Error('Accordion parts must be inside <AccordionItem>');
  return {
    ...item,
    open: accordion.isOpen(item.value),
    toggle: () => accordion.toggle(item.value),
  };
}

export function AccordionItem({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <ItemContext value={{ value, id }}>
      <div className={cn('border-b-2 border-ink/10 last:border-b-0', className)}>{children}</div>
    </ItemContext>
  );
}

export function AccordionTrigger({ children }: { children: ReactNode }) {
  const item = useItem();
  return (
    <h3 className="flex font-sans tracking-normal">
      <button
        type="button"
        id={`${item.id}-trigger`}
        aria-expanded={item.open}
        aria-controls={`${item.id}-content`}
        onClick={item.toggle}
        className="group flex flex-1 cursor-pointer items-center justify-between gap-4 py-5 text-left text-lg font-semibold transition-colors hover:text-accent-strong focus-visible:outline-3 focus-visible:outline-accent-strong"
      >
        {children}
        <span
          className={cn(
            'grid size-9 shrink-0 place-items-center rounded-full transition-transform duration-200',
            item.open ? 'rotate-45 bg-accent text-ink' : 'bg-ink text-paper',
          )}
        >
          <Plus aria-hidden="true" className="size-5" />
        </span>
      </button>
    </h3>
  );
}

export function AccordionContent({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const item = useItem();
  return (
    <div
      role="region"
      id={`${item.id}-content`}
      aria-labelledby={`${item.id}-trigger`}
      hidden={!item.open}
    >
      <div className={cn('pb-6 leading-relaxed text-muted', className)}>{children}</div>
    </div>
  );
}
