import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { intervalTerms } from '@noise/shared/intervals';
import { newIdempotencyKey } from '@noise/shared/payments';
import type { PlanChangeOptions, PlanChangeQuote } from '@noise/shared/plan-change';
import { formatMoneyGst } from '@noise/shared/pricing';
import { RadioCard } from '@/components/ui/radio-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormAlert, FormField } from '@/components/ui/form';
import { SERVER } from '@/components/ui/form-refusal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * What the dialog sends: the package, the charge and account credit its preview showed, and
 * staff's waiver.
 */
export interface PlanChoice {
  packageId: string;
  expectedDueTodayCents: number;
  expectedCreditCents: number;
  waiveProration: boolean;
  idempotencyKey: string;
}

export interface ChangePlanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's priced options (GET …/subscription/plans); undefined while loading. */
  options: PlanChangeOptions | undefined;
  loadError?: unknown;
  onConfirm: (choice: PlanChoice) => Promise<void>;
  /** Staff who refund payments may change a plan now without its prorated charge. */
  mayWaive?: boolean;
}

const NO_CHOICE = 'Choose the package to change to';

const planSchema = z.object({ packageId: z.string().min(1, NO_CHOICE), waived: z.boolean() });
type PlanValues = z.infer<typeof planSchema>;

function every(interval: PlanChangeOptions['interval']) {
  return intervalTerms(interval).period;
}

/** The preview of one choice: what is due today, with its GST, and the next charge. */
function Preview({
  quote,
  interval,
  waived,
}: {
  quote: PlanChangeQuote;
  interval: PlanChangeOptions['interval'];
  waived: boolean;
}) {
  const charge = waived ? 0 : quote.dueTodayCents;
  const credit = waived ? 0 : quote.creditCents;
  const due = charge - credit;
  const gst = waived ? 0 : quote.dueTodayGstCents;
  const later = quote.takesEffect === 'next-renewal';
  return (
    <div
      aria-live="polite"
      className="flex flex-col gap-2 rounded-xl bg-ink/5 px-4 py-3 text-sm"
      data-testid="plan-preview"
    >
      {credit > 0 ? (
        <>
          <div className="flex items-baseline justify-between gap-4">
            <span>Charge for the rest of the period</span>
            <span className="tabular-nums">{formatMoney(charge, quote.currency)}</span>
          </div>
          <div className="flex items-baseline justify-between gap-4">
            <span>Account credit</span>
            <span className="tabular-nums">−{formatMoney(credit, quote.currency)}</span>
          </div>
        </>
      ) : null}
      <div className="flex items-baseline justify-between gap-4">
        <span className="font-semibold">Due today</span>
        <span className="text-lg font-extrabold tabular-nums">
          {formatMoney(due, quote.currency)}
        </span>
      </div>
      <div className="flex items-baseline justify-between gap-4 text-muted">
        <span>{credit > 0 ? 'GST included in the charge' : 'GST included'}</span>
        <span className="tabular-nums">{formatMoney(gst, quote.currency)}</span>
      </div>
      {later ? (
        <p className="text-muted">
          Changes to {quote.packageTitle} on {formatDate(quote.nextChargeAt)}: until then your plan
          stays as it is.
        </p>
      ) : waived ? (
        <p className="text-muted">The change starts today; the prorated charge is waived.</p>
      ) : charge > 0 ? (
        <p className="text-muted">
          The difference for the {quote.daysLeft} of {quote.periodDays} days left of{' '}
          {intervalTerms(interval).thisPeriod},{' '}
          {credit === 0
            ? 'charged to the card on file'
            : due === 0
              ? 'paid from account credit'
              : 'paid from account credit, the rest charged to the card on file'}
          . The change starts today.
        </p>
      ) : (
        <p className="text-muted">The change starts today, with nothing more to pay now.</p>
      )}
      <p className="font-semibold">
        Next charge {formatMoneyGst(quote.nextChargeCents, 'inc', quote.currency)} on{' '}
        {formatDate(quote.nextChargeAt)}
      </p>
    </div>
  );
}

/**
 * 'Change plan' (docs/product.md#changing-a-plan): the service's other packages of the same
 * interval, each with the server's preview, and the change confirmed with the 'Due today' it
 * showed, so a figure that moved meanwhile is refused rather than charged.
 */
export function ChangePlanDialog({
  open,
  onOpenChange,
  options,
  loadError,
  onConfirm,
  mayWaive = false,
}: ChangePlanDialogProps) {
  const form = useForm<PlanValues>({
    resolver: zodResolver(planSchema),
    defaultValues: { packageId: '', waived: false },
  });
  const [packageId, waived] = useWatch({ control: form.control, name: ['packageId', 'waived'] });
  const [key, setKey] = useState(newIdempotencyKey);
  const busy = form.formState.isSubmitting;
  const chosen = options?.options.find((o) => o.packageId === packageId);

  function close(next: boolean) {
    if (busy) return;
    if (!next) form.reset();
    onOpenChange(next);
  }

  async function submit(values: PlanValues) {
    if (!chosen) return;
    try {
      await onConfirm({
        packageId: chosen.packageId,
        expectedDueTodayCents: values.waived ? 0 : chosen.dueTodayCents,
        expectedCreditCents: values.waived ? 0 : chosen.creditCents,
        waiveProration: values.waived,
        idempotencyKey: key,
      });
    } catch (error) {
      // The server answered: this key is spent. No answer: the same key retries safely.
      if (isApiError(error) && error.status > 0 && error.status < 500) setKey(newIdempotencyKey());
      throw error;
    }
    setKey(newIdempotencyKey());
    form.reset();
    onOpenChange(false);
  }

  const due = chosen && !waived ? chosen.dueTodayCents - chosen.creditCents : 0;
  const confirmLabel = !chosen
    ? 'Change plan'
    : chosen.takesEffect === 'next-renewal'
      ? `Change on ${formatDate(chosen.nextChargeAt)}`
      : due > 0
        ? `Pay ${formatMoney(due, chosen.currency)} and change`
        : chosen.creditCents > 0 && !waived
          ? 'Pay from account credit and change'
          : 'Change now';

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Change plan"
        description={
          options
            ? `Now: ${options.packageTitle}, ${formatMoneyGst(options.amountCents, 'inc')} every ${every(options.interval)}.`
            : undefined
        }
      >
        {loadError ? (
          <p role="alert" className="text-danger">
            {errorMessage(loadError, 'The packages could not be loaded.')}
          </p>
        ) : !options ? (
          <Spinner label="Loading the packages" />
        ) : options.refusal ? (
          <p role="alert" className="rounded-xl bg-ink/5 px-4 py-3 text-sm">
            {options.refusal}
          </p>
        ) : (
          <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
            <FormField
              control={form.control}
              name="packageId"
              render={(field) => (
                <fieldset
                  className="flex flex-col gap-2"
                  aria-describedby={field.error ? 'plan-choice-error' : undefined}
                  aria-invalid={field.error ? true : undefined}
                >
                  <legend className="mb-2 text-sm font-bold">Package</legend>
                  {options.options.map((option) => (
                    <RadioCard
                      key={option.packageId}
                      name="package"
                      value={option.packageId}
                      checked={field.value === option.packageId}
                      onChange={() => {
                        field.onChange(option.packageId);
                        form.setValue('waived', false);
                        form.clearErrors(SERVER);
                      }}
                      title={option.packageTitle}
                      hint={
                        <>
                          {formatMoneyGst(option.amountCents, 'inc', option.currency)} every{' '}
                          {every(options.interval)} ·{' '}
                          {option.takesEffect === 'now'
                            ? 'starts today'
                            : `from ${formatDate(option.nextChargeAt)}`}
                        </>
                      }
                    />
                  ))}
                  {field.error ? (
                    <p id="plan-choice-error" className="text-sm font-semibold text-danger">
                      {field.error}
                    </p>
                  ) : null}
                </fieldset>
              )}
            />
            {chosen && mayWaive && chosen.takesEffect === 'now' && chosen.dueTodayCents > 0 ? (
              <FormField
                control={form.control}
                name="waived"
                render={(field) => (
                  <Checkbox
                    label="Waive the prorated charge"
                    checked={field.value}
                    onCheckedChange={(value) => field.onChange(value === true)}
                  />
                )}
              />
            ) : null}
            {chosen ? <Preview quote={chosen} interval={options.interval} waived={waived} /> : null}
            <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
            <div className="flex flex-wrap justify-end gap-3">
              <Button type="button" variant="ghost" disabled={busy} onClick={() => close(false)}>
                Keep current plan
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Changing...' : confirmLabel}
              </Button>
            </div>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
