import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

interface ThreeDSecureDialogProps {
  open: boolean;
  amount: string;
  busy: boolean;
  onAnswer: (outcome: 'approve' | 'fail') => void;
}

/**
 * The sandbox's stand-in for the bank's 3-D Secure window (docs/decisions/012): with Stripe the
 * bank's own dialog opens instead.
 */
export function ThreeDSecureDialog({ open, amount, busy, onAnswer }: ThreeDSecureDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing the check without an answer fails it, as a bank's window does.
        if (!next && !busy) onAnswer('fail');
      }}
    >
      <DialogContent
        title="Confirm your payment"
        description={`Your bank asks you to confirm a payment of ${amount}. This is the test version of that check.`}
      >
        <div className="flex items-center gap-3 rounded-2xl bg-canvas p-4 text-sm">
          <ShieldCheck aria-hidden="true" className="size-8 shrink-0 text-success" />
          <p>Approve to complete the payment, or fail it to see what a refused check looks like.</p>
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" disabled={busy} onClick={() => onAnswer('fail')}>
            Fail
          </Button>
          <Button disabled={busy} onClick={() => onAnswer('approve')}>
            Approve
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
