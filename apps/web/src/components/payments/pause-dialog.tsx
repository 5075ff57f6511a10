import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { addLocalDays, localDate } from '@noise/shared/dates';
import { formatCalendarDay } from '@noise/shared/format-day';
import { PAUSE_MAX_DAYS, type Subscription } from '@noise/shared/payments';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormAlert, FormField } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';

/** 'Paused until 12 Dec, 2026', or 'Paused until resumed'; '' for a plan that is not paused. */
export function pausedWords(subscription: Pick<Subscription, 'status' | 'pausedUntil'>): string {
  if (subscription.status !== 'paused') return '';
  return subscription.pausedUntil
    ? `Paused until ${formatCalendarDay(subscription.pausedUntil)}`
    : 'Paused until resumed';
}

/** The day the date field gives ('' for none: until resumed); the server checks it. */
const pauseSchema = z.object({ until: z.string() });
type PauseValues = z.infer<typeof pauseSchema>;

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
  const form = useForm<PauseValues>({
    resolver: zodResolver(pauseSchema),
    defaultValues: { until: '' },
  });
  const busy = form.formState.isSubmitting;
  const today = localDate(new Date());

  async function submit({ until }: PauseValues) {
    try {
      await onPause(until || null);
    } catch (error) {
      // The server's words for the day show at the field alone; any other refusal above the buttons.
      const atField = isApiError(error)
        ? error.details.find((d) => d.path === 'until')?.message
        : undefined;
      if (!atField) throw error;
      form.setError('until', { message: atField });
      return;
    }
    onOpenChange(false);
    form.reset();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        title={`Pause ${serviceTitle}?`}
        description="No charges while it is paused, and the work waits. When it resumes, the next charge moves on by the time it was paused, so the days already paid for are kept."
      >
        <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
          <FormField
            control={form.control}
            name="until"
            render={(field) => (
              <TextInput
                label="Resume on"
                type="date"
                min={addLocalDays(today, 1)}
                max={addLocalDays(today, PAUSE_MAX_DAYS)}
                hint="Leave it empty to pause until it is resumed. At most six months."
                {...field}
              />
            )}
          />
          <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
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
        </Form>
      </DialogContent>
    </Dialog>
  );
}
