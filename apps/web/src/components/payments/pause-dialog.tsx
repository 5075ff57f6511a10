import { useState, type FormEvent } from 'react';
import { addLocalDays, localDate } from '@noise/shared/dates';
import { formatCalendarDay } from '@noise/shared/format-day';
import { PAUSE_MAX_DAYS, type Subscription } from '@noise/shared/payments';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-client';

/** 'Paused until 12 Dec, 2026', or 'Paused until resumed'; '' for a plan that is not paused. */
export function pausedWords(subscription: Pick<Subscription, 'status' | 'pausedUntil'>): string {
  if (subscription.status !== 'paused') return '';
  return subscription.pausedUntil
    ? `Paused until ${formatCalendarDay(subscription.pausedUntil)}`
    : 'Paused until resumed';
}

/**
 * 'Pause' (docs/product.md#pausing-a-plan): the day it resumes by itself, or none for until
 * resumed. The server refuses a day that is not ahead or more than six months off; its words
 * show at the field and what was typed stays.
 */
export function PauseDialog({
  open,
  onOpenChange,
  serviceTitle,
  onPause,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  serviceTitle: string;
  /** Sends the pause; throws the server's refusal. */
  onPause: (until: string | null) => Promise<void>;
}) {
  const [until, setUntil] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const today = localDate(new Date());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(undefined);
    setFailure('');
    setBusy(true);
    try {
      await onPause(until || null);
      onOpenChange(false);
      setUntil('');
    } catch (error) {
      const atField = isApiError(error)
        ? error.details.find((d) => d.path === 'until')?.message
        : undefined;
      if (atField) setFieldError(atField);
      else setFailure(errorMessage(error, 'The plan could not be paused.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        title={`Pause ${serviceTitle}?`}
        description="No charges while it is paused, and the work waits. When it resumes, the next charge moves on by the time it was paused, so the days already paid for are kept."
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <TextInput
            label="Resume on"
            type="date"
            value={until}
            min={addLocalDays(today, 1)}
            max={addLocalDays(today, PAUSE_MAX_DAYS)}
            error={fieldError}
            hint="Leave it empty to pause until it is resumed. At most six months."
            onChange={(event) => setUntil(event.target.value)}
          />
          {failure ? (
            <p
              role="alert"
              className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
            >
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => onOpenChange(false)}
            >
              Keep it running
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Pausing...' : 'Pause plan'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
