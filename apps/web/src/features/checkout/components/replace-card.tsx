import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form, FormAlert, FormSubmit } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { usePaymentConfig } from '@/lib/payment-config';
import { usePaymentMethod, useUpdatePaymentMethod } from '../api/payment-method';
import { CardEntry, type CardHandle } from '@/components/payments/card-entry';

const noFields = z.object({});

/** The card on file and a form to replace it (renewals charge this card). */
export function ReplaceCard() {
  const config = usePaymentConfig();
  const saved = usePaymentMethod();
  const update = useUpdatePaymentMethod();
  const [card, setCard] = useState<CardHandle | null>(null);
  // Nothing here is typed: the card is Stripe's element, so the form holds only its refusal.
  const form = useForm({ resolver: zodResolver(noFields), defaultValues: {} });
  // A new form after a successful change, so the old numbers do not linger.
  const [formKey, setFormKey] = useState(0);

  async function submit() {
    if (!card) return;
    const method = await card.createPaymentMethod();
    // The card's own refusal (a wrong number) shows in the alert as the server's does.
    if ('error' in method) throw new Error(method.error);
    await update.mutateAsync(method.paymentMethodId);
    setFormKey((k) => k + 1);
    setCard(null);
    toastSuccess('Your card is updated');
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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <fieldset disabled={update.isPending} className="min-w-0">
          {config.data ? (
            <CardEntry key={formKey} config={config.data} onChange={setCard} />
          ) : (
            <Spinner label="Loading the card form" />
          )}
        </fieldset>
        <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
        <div>
          <FormSubmit disabled={!card}>
            {update.isPending ? 'Updating...' : 'Update Payment Method'}
          </FormSubmit>
        </div>
      </Form>
    </div>
  );
}
