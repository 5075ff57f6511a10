import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { usePaymentConfig } from '@/lib/payment-config';
import { usePaymentMethod, useUpdatePaymentMethod } from '../api/payment-method';
import { CardEntry, type CardHandle } from '@/components/payments/card-entry';

/** The card on file and a form to replace it (renewals charge this card). */
export function ReplaceCard() {
  const config = usePaymentConfig();
  const saved = usePaymentMethod();
  const update = useUpdatePaymentMethod();
  const [card, setCard] = useState<CardHandle | null>(null);
  const [failure, setFailure] = useState('');
  // A new form after a successful change, so the old numbers do not linger.
  const [formKey, setFormKey] = useState(0);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!card || update.isPending) return;
    setFailure('');
    const method = await card.createPaymentMethod();
    if ('error' in method) {
      setFailure(method.error);
      return;
    }
    try {
      await update.mutateAsync(method.paymentMethodId);
      setFormKey((k) => k + 1);
      setCard(null);
      toastSuccess('Your card is updated');
    } catch (error) {
      setFailure(errorMessage(error, 'Your card could not be updated.'));
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="flex items-center gap-3 font-semibold">
        <CreditCard aria-hidden="true" className="size-6 text-muted" />
        {saved.isPending ? (
          'Loading your card...'
        ) : saved.data?.card ? (
          <span className="tabular-nums">Card: **** **** **** {saved.data.card.last4}</span>
        ) : saved.isError ? (
          <span className="text-danger">
            Your card could not be loaded: {errorMessage(saved.error)}
          </span>
        ) : (
          'No card on file yet.'
        )}
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <fieldset disabled={update.isPending} className="min-w-0">
          {config.data ? (
            <CardEntry key={formKey} config={config.data} onChange={setCard} />
          ) : (
            <Spinner label="Loading the card form" />
          )}
        </fieldset>
        {failure ? (
          <p
            role="alert"
            className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
          >
            {failure}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={!card || update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Payment Method'}
          </Button>
        </div>
      </form>
    </div>
  );
}
