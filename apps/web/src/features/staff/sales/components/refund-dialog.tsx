import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { moneyAmountCents } from '@noise/shared/fields';
import { refundReasonLabels, refundReasons, type RefundReason } from '@noise/shared/order-money';
import {
  newIdempotencyKey,
  type ProjectPayment,
  type RefundDestination,
} from '@noise/shared/payments';
import { formatMoney } from '@noise/shared/pricing';
import { RadioCard } from '@/components/ui/radio-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useRefundSalePayment } from '../api/refund-sale-payment';

const reasonOptions = refundReasons.map((value) => ({ value, label: refundReasonLabels[value] }));
const amountField = moneyAmountCents('The refund amount');
const destinations: { value: RefundDestination; label: string; hint: string }[] = [
  {
    value: 'card',
    label: 'The card it came from',
    hint: 'Banks usually show it within 5 to 10 business days.',
  },
  {
    value: 'credit',
    label: 'Account credit',
    hint: 'At once; spent first on the client’s next renewal.',
  },
];

/**
 * What can go back to `to`: the part account credit paid goes back only as credit
 * (docs/decisions/107).
 */
function refundable(payment: ProjectPayment, to: RefundDestination): number {
  return to === 'card' ? payment.cardRefundableCents : payment.refundableCents;
}

/** The refund as typed: each rule says its words at its field, all of them at once. */
function refundSchema(payment: ProjectPayment) {
  return z
    .object({
      to: z.enum(['card', 'credit']),
      amount: z.string(),
      reason: z.string(),
      note: z.string(),
      cancelSubscription: z.boolean(),
    })
    .superRefine(({ to, amount, reason, note }, context) => {
      const left = refundable(payment, to);
      const parsed = amountField.safeParse(amount);
      let amountError: string | undefined;
      if (!parsed.success) amountError = parsed.error.issues[0]?.message;
      else if (parsed.data > left) {
        amountError =
          to === 'card' && left < payment.refundableCents
            ? `At most ${formatMoney(left, payment.currency)} can go back to the card; account credit paid the rest, which can go back as account credit.`
            : `The refund can be at most ${formatMoney(left, payment.currency)}, what is left of this payment.`;
      }
      if (amountError !== undefined) {
        context.addIssue({ code: 'custom', path: ['amount'], message: amountError });
      }
      if (!reason) {
        context.addIssue({
          code: 'custom',
          path: ['reason'],
          message: 'Please choose a reason for the refund',
        });
      }
      if (reason === 'other' && !note.trim()) {
        context.addIssue({
          code: 'custom',
          path: ['note'],
          message: 'Please say why, when the reason is Other',
        });
      }
    });
}
type RefundValues = z.infer<ReturnType<typeof refundSchema>>;

interface RefundDialogProps {
  saleId: string;
  payment: ProjectPayment;
  /** A recurring order whose renewals are still on: offer to stop them too. */
  canCancelSubscription: boolean;
  /** The order belongs to a client company, which can hold account credit. */
  canCredit: boolean;
  onClose: () => void;
}

/**
 * Refunds part or all of a payment (docs/product.md#refunds): the amount (what is left by
 * default), a reason, and for a recurring order whether its renewals stop too. One idempotency
 * key per refund, kept when the answer is lost (a retry then makes the same refund), new once
 * the server has answered; a refusal keeps what was typed.
 */
export function RefundDialog({
  saleId,
  payment,
  canCancelSubscription,
  canCredit,
  onClose,
}: RefundDialogProps) {
  const refund = useRefundSalePayment(saleId);
  const [key, setKey] = useState(newIdempotencyKey);
  // Account credit paid all of it: it goes back only as credit (docs/decisions/107).
  const firstTo = payment.cardRefundableCents === 0 && canCredit ? 'credit' : 'card';
  const form = useForm<RefundValues>({
    resolver: zodResolver(refundSchema(payment)),
    // The field says what is wrong; the focus stays where it is.
    shouldFocusError: false,
    defaultValues: {
      to: firstTo,
      amount: (refundable(payment, firstTo) / 100).toFixed(2),
      reason: '',
      note: '',
      cancelSubscription: false,
    },
  });
  const [to, amount, reason] = useWatch({
    control: form.control,
    name: ['to', 'amount', 'reason'],
  });
  const left = refundable(payment, to);

  const parsed = amountField.safeParse(amount);
  const cents = parsed.success ? parsed.data : null;
  const label =
    cents !== null && cents <= left ? `Refund ${formatMoney(cents, payment.currency)}` : 'Refund';

  async function submit(values: RefundValues) {
    try {
      const made = await refund.mutateAsync({
        paymentId: payment._id,
        body: { ...values, reason: values.reason as RefundReason, idempotencyKey: key },
      });
      toastSuccess(
        made.status === 'pending'
          ? `Refund of ${formatMoney(made.amountCents, made.currency)} sent: waiting on the payment provider`
          : `Refunded ${formatMoney(made.amountCents, made.currency)}${made.to === 'credit' ? ' as account credit' : ''}`,
      );
      onClose();
    } catch (error) {
      // The server answered (a refusal, a check): this key is spent. No answer: retry with it.
      if (isApiError(error) && error.status > 0 && error.status < 500) setKey(newIdempotencyKey());
      // The server names the amount's reason in its message: it goes under the amount.
      const message = error instanceof Error ? error.message : '';
      if (!message.startsWith('amount: ')) throw error;
      form.setError('amount', { message: message.slice('amount: '.length) });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !refund.isPending) onClose();
      }}
    >
      <DialogContent
        title="Refund this payment"
        description={`${payment.invoiceNumber}: ${formatMoney(payment.amountCents, payment.currency)} charged, ${formatMoney(payment.refundableCents, payment.currency)} left to refund.`}
      >
        <Form
          form={form}
          serverFields={['amount', 'reason', 'note']}
          onSubmit={submit}
          className="flex flex-col gap-5"
        >
          <FormAlert />
          {canCredit ? (
            <FormField
              control={form.control}
              name="to"
              render={(field) => (
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-2 text-sm font-bold">Refund to</legend>
                  {destinations.map((option) => (
                    <RadioCard
                      key={option.value}
                      name="refund-to"
                      value={option.value}
                      checked={field.value === option.value}
                      disabled={option.value === 'card' && payment.cardRefundableCents === 0}
                      onChange={() => {
                        field.onChange(option.value);
                        form.clearErrors();
                      }}
                      title={option.label}
                      hint={option.hint}
                    />
                  ))}
                </fieldset>
              )}
            />
          ) : (
            <p className="text-sm text-muted">The money goes back to the card it came from.</p>
          )}
          <FormField
            control={form.control}
            name="amount"
            render={(field) => (
              <TextInput
                label="Amount (inc. GST)"
                required
                inputMode="decimal"
                autoComplete="off"
                hint={`Up to ${formatMoney(left, payment.currency)}`}
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="reason"
            render={(field) => (
              <Select
                label="Reason"
                placeholder="Select a reason"
                required
                options={reasonOptions}
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="note"
            render={(field) => (
              <Textarea
                label="Note"
                required={reason === 'other'}
                rows={3}
                maxLength={500}
                hint="Kept in the audit log with the refund."
                {...field}
              />
            )}
          />
          {canCancelSubscription ? (
            <FormField
              control={form.control}
              name="cancelSubscription"
              render={(field) => (
                <Checkbox
                  label="Also cancel the subscription: no further charges"
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="ghost" onClick={onClose} disabled={refund.isPending}>
              Cancel
            </Button>
            <FormSubmit variant="destructive">{label}</FormSubmit>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
