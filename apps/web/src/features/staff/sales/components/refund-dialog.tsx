import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { FormErrorAlert } from '../../components/form-error';
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
  // Account credit paid part of it: that part goes back only as credit (docs/decisions/107).
  const [to, setTo] = useState<RefundDestination>(
    payment.cardRefundableCents === 0 && canCredit ? 'credit' : 'card',
  );
  const left = to === 'card' ? payment.cardRefundableCents : payment.refundableCents;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const [cancelSubscription, setCancelSubscription] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; note?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);

  const parsed = amountField.safeParse(amount);
  const cents = parsed.success ? parsed.data : null;
  const label =
    cents !== null && cents <= left ? `Refund ${formatMoney(cents, payment.currency)}` : 'Refund';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: typeof errors = {};
    if (!parsed.success) found.amount = parsed.error.issues[0]?.message;
    else if (parsed.data > left) {
      found.amount =
        to === 'card' && left < payment.refundableCents
          ? `At most ${formatMoney(left, payment.currency)} can go back to the card; account credit paid the rest, which can go back as account credit.`
          : `The refund can be at most ${formatMoney(left, payment.currency)}, what is left of this payment.`;
    }
    if (!reason) found.reason = 'Please choose a reason for the refund';
    if (reason === 'other' && !note.trim()) found.note = 'Please say why, when the reason is Other';
    setErrors(found);
    if (Object.keys(found).length || !reason) return;
    try {
      const made = await refund.mutateAsync({
        paymentId: payment._id,
        body: { amount, reason, note, cancelSubscription, to, idempotencyKey: key },
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
      const message = errorMessage(error, 'The refund could not be made.');
      if (message.startsWith('amount: ')) setErrors({ amount: message.slice('amount: '.length) });
      else setFailure(error);
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
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <FormErrorAlert error={failure} />
          {canCredit ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-bold">Refund to</legend>
              {destinations.map((option) => (
                <RadioCard
                  key={option.value}
                  name="refund-to"
                  value={option.value}
                  checked={to === option.value}
                  disabled={option.value === 'card' && payment.cardRefundableCents === 0}
                  onChange={() => {
                    setTo(option.value);
                    setErrors({});
                  }}
                  title={option.label}
                  hint={option.hint}
                />
              ))}
            </fieldset>
          ) : (
            <p className="text-sm text-muted">The money goes back to the card it came from.</p>
          )}
          <TextInput
            label="Amount (inc. GST)"
            required
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={errors.amount}
            hint={`Up to ${formatMoney(left, payment.currency)}`}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Select
            label="Reason"
            placeholder="Select a reason"
            required
            options={reasonOptions}
            value={reason}
            error={errors.reason}
            onChange={(event) => setReason(event.target.value as RefundReason)}
          />
          <Textarea
            label="Note"
            required={reason === 'other'}
            rows={3}
            maxLength={500}
            value={note}
            error={errors.note}
            hint="Kept in the audit log with the refund."
            onChange={(event) => setNote(event.target.value)}
          />
          {canCancelSubscription ? (
            <Checkbox
              label="Also cancel the subscription: no further charges"
              checked={cancelSubscription}
              onCheckedChange={(checked) => setCancelSubscription(checked === true)}
            />
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="ghost" onClick={onClose} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {label}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
