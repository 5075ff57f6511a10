import { CheckCircle2 } from 'lucide-react';
import { billStatusLabels, type BillStatus } from '@noise/shared/bills';
import { cn } from '@/lib/utils';

const tones: Record<BillStatus, string> = {
  draft: 'bg-ink/10 text-ink',
  sent: 'bg-accent-soft text-accent-strong',
  overdue: 'bg-danger-soft text-danger',
  paid: 'bg-ink text-paper',
  void: 'bg-ink/10 text-muted line-through',
};

/** An invoice's state as a pill: Draft, Sent, Overdue, Paid or Void (docs/product.md#invoices). */
export function BillStatusPill({ status, className }: { status: BillStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        tones[status],
        className,
      )}
    >
      {status === 'paid' ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : null}
      {billStatusLabels[status]}
    </span>
  );
}
