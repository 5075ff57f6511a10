import { createContext, use, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/*
 * The ARIA tabs pattern, written here rather than taken from a primitive library: service pages
 * must stay inside the first-load budget, and this is about a kilobyte.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'tab' | 'panel', value: string) => string;
  controls?: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

interface TabsProps {
  defaultValue: string;
  value?: string;
  onValueChange?: (value: string) => void;
  /**
   * For tabs that change one region rather than show a panel each (a chart regrouped by day,
   * week or month): that region's id. Without it every tab points at a TabsContent of its own.
   */
  controls?: string;
  className?: string;
  children: ReactNode;
}

export function Tabs({
  defaultValue,
  value,
  onValueChange,
  controls,
  className,
  children,
}: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const state: TabsState = {
    value: current,
    select: (next) => {
      setOwn(next);
      onValueChange?.(next);
    },
    idOf: (part, v) => `${baseId}-${part}-${v.replace(/[^\w-]/g, '_')}`,
    controls,
  };
  return (
    <TabsContext value={state}>
      <div className={className}>{children}</div>
    </TabsContext>
  );
}

export function TabsList({
  className,
  children,
  'aria-label': ariaLabel,
}: {
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'),
    );
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.click();
  }
  return (
    <div
      role="tablist"
      aria-label={ariaLabel}
      onKeyDown={onKeyDown}
      className={cn(
        'inline-flex max-w-full gap-1 overflow-x-auto rounded-full bg-ink/5 p-1.5',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function TabsTrigger({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-controls={tabs.controls ?? tabs.idOf('panel', value)}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      onClick={() => tabs.select(value)}
      className={cn(
        'inline-flex min-h-10 cursor-pointer items-center justify-center rounded-full px-5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong',
        selected ? 'bg-ink text-paper' : 'text-muted hover:text-ink',
        className,
      )}
    >
      {children}
    </button>
  );
}

export function TabsContent({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      tabIndex={0}
      className={cn(
        'mt-6 rounded-card focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-strong',
        className,
      )}
    >
      {children}
    </div>
  );
}
