import { useState } from 'react';
import type { Subscription } from '@noise/shared/payments';
import { PauseDialog } from '@/components/payments/pause-dialog';
import { Button } from '@/components/ui/button';
import { toastApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { usePausePlan, useResumePlan } from '../api/change-plan';

/**
 * 'Pause' and 'Resume' for the client (docs/product.md#pausing-a-plan), where the plan's package
 * lets clients pause it; otherwise a paused plan says who resumes it. The caller shows the
 * plan's state ('Paused until 12 Dec, 2026').
 */
export function PauseControls({
  subscription,
  serviceTitle,
}: {
  subscription: Subscription;
  serviceTitle: string;
}) {
  const projectId = subscription.projectId;
  const [open, setOpen] = useState(false);
  const pause = usePausePlan(projectId);
  const resume = useResumePlan(projectId);
  const mayPause = subscription.clientsMayPause;

  if (subscription.status === 'paused') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {mayPause ? (
          <Button
            variant="outline"
            size="sm"
            disabled={resume.isPending}
            onClick={async () => {
              try {
                const resumed = await resume.mutateAsync();
                toastSuccess(
                  `Your plan runs again${resumed.nextChargeAt ? `: next charge ${formatDate(resumed.nextChargeAt)}` : ''}`,
                );
              } catch (error) {
                toastApiError(error, 'The plan could not be resumed');
              }
            }}
          >
            {resume.isPending ? 'Resuming...' : 'Resume'}
          </Button>
        ) : (
          <p className="text-sm text-muted">Ask us to resume it sooner.</p>
        )}
      </div>
    );
  }
  const canPause =
    mayPause &&
    subscription.status === 'active' &&
    subscription.declines === 0 &&
    !subscription.pendingChange;
  if (!canPause) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Pause
      </Button>
      <PauseDialog
        open={open}
        onOpenChange={setOpen}
        serviceTitle={serviceTitle}
        onPause={async (until) => {
          await pause.mutateAsync(until);
          toastSuccess(
            until
              ? `Paused until ${formatDate(`${until}T12:00:00`)}`
              : 'Paused until you resume it',
          );
        }}
      />
    </>
  );
}
