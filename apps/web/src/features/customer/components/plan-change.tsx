import { useState } from 'react';
import type { Subscription } from '@noise/shared/payments';
import { ChangePlanDialog } from '@/components/payments/change-plan-dialog';
import { Button } from '@/components/ui/button';
import { toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { toastSuccess } from '@/lib/toast';
import { useCancelPlanChange, useChangePlan, usePlanOptions } from '../api/change-plan';

/**
 * 'Change plan' on a subscription, or the change waiting for the next renewal with 'Cancel
 * change' (docs/product.md#changing-a-plan): on the project page and on the Billing page.
 */
export function PlanChangeControls({
  subscription,
  alignEnd = false,
}: {
  subscription: Subscription;
  /** On a row whose figures are on the right (Billing's 'Plans'), from the small breakpoint. */
  alignEnd?: boolean;
}) {
  const projectId = subscription.projectId;
  const [open, setOpen] = useState(false);
  const options = usePlanOptions(projectId, open);
  const change = useChangePlan(projectId);
  const cancel = useCancelPlanChange(projectId);
  const pending = subscription.pendingChange;
  if (subscription.status === 'cancelled') return null;

  return (
    <div>
      {pending ? (
        <div className={cn('flex flex-wrap items-center gap-3', alignEnd && 'sm:justify-end')}>
          <p className="text-sm font-semibold">
            Changes to {pending.packageTitle} on {formatDate(pending.effectiveAt)}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={cancel.isPending}
            onClick={async () => {
              try {
                await cancel.mutateAsync();
                toastSuccess(`Your plan stays on ${subscription.packageTitle}`);
              } catch (error) {
                toastApiError(error, 'The change could not be cancelled');
              }
            }}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel change'}
          </Button>
        </div>
      ) : subscription.status === 'active' ? (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Change plan<span className="sr-only"> of {subscription.packageTitle}</span>
        </Button>
      ) : null}
      <ChangePlanDialog
        open={open}
        onOpenChange={setOpen}
        options={options.data}
        loadError={options.error}
        onConfirm={async (choice) => {
          const changed = await change.mutateAsync({
            packageId: choice.packageId,
            expectedDueTodayCents: choice.expectedDueTodayCents,
            expectedCreditCents: choice.expectedCreditCents,
            idempotencyKey: choice.idempotencyKey,
          });
          toastSuccess(
            changed.pendingChange
              ? `Your plan changes to ${changed.pendingChange.packageTitle} on ${formatDate(changed.pendingChange.effectiveAt)}`
              : `Your plan is now ${changed.packageTitle}`,
          );
        }}
      />
    </div>
  );
}
