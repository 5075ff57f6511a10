import { SlidersHorizontal, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';

/** On a phone a list's filters fold behind this button, which counts those in use. */
export function FiltersButton({
  activeCount,
  onOpen,
}: {
  activeCount: number;
  onOpen: () => void;
}) {
  return (
    <Button variant="outline" onClick={onOpen}>
      <SlidersHorizontal aria-hidden="true" />
      Filters{activeCount ? ` (${activeCount})` : ''}
    </Button>
  );
}

/** The sheet the filters open in on a phone; the list behind it updates as they change. */
export function FiltersSheet({
  open,
  onOpenChange,
  description,
  showLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  /** The button that closes the sheet onto the list: 'Show sales'. */
  showLabel: string;
  children: ReactNode;
}) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Filters"
      description={description}
      footer={
        <Button className="w-full" onClick={() => onOpenChange(false)}>
          {showLabel}
        </Button>
      }
    >
      {children}
    </Sheet>
  );
}

/** Under a list's filters while any is in use. */
export function ClearFilters({ onClear }: { onClear: () => void }) {
  return (
    <div className="-mt-2 mb-4">
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" />
        Clear filters
      </Button>
    </div>
  );
}
