import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from '@noise/shared/user';
import { CardEntry, type CardHandle } from '@/components/payments/card-entry';
import { Button } from '@/components/ui/button';
import { Form, FormAlert } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { usePaymentConfig } from '@/lib/payment-config';
import { usePaymentMethod } from '../api/get-payment-method';
import { useReplacePaymentMethod } from '../api/replace-payment-method';

function CardOnFile({ methodId }: { methodId: string | null }) {
  const method = usePaymentMethod(methodId);
  if (methodId === null) return <p className="text-muted">No card on file</p>;
  if (method.isPending) return <Skeleton className="h-6 w-56" />;
  if (method.isError) {
    return (
      <p className="text-muted">
        {isNotFound(method.error)
          ? 'A card is on file, but its details cannot be shown.'
          : `Could not load the card: ${errorMessage(method.error)}`}
      </p>
    );
  }
  return (
    <p className="font-mono text-lg font-semibold">Card: **** **** **** {method.data.card.last4}</p>
  );
}

/**
 * Payment Information (docs/product.md#edit-customer): the card on file and a form to replace it.
 * The card becomes a payment method in the browser (the provider's form, or the sandbox's); only
 * its id reaches our server.
 */
export function PaymentInformation({ client }: { client: User }) {
  const config = usePaymentConfig();
  const replace = useReplacePaymentMethod(client._id);
  const [card, setCard] = useState<CardHandle | null>(null);
  // Nothing typed here goes through the form: the card stays in the provider's own fields.
  const form = useForm();
  const busy = form.formState.isSubmitting;
  // A fresh form after a successful change, so the old numbers do not linger.
  const [formKey, setFormKey] = useState(0);

  async function onSubmit() {
    if (!card) return;
    const method = await card.createPaymentMethod().catch((error: unknown) => {
      throw new Error(errorMessage(error, 'The card could not be updated.'));
    });
    if ('error' in method) throw new Error(method.error);
    await replace.mutateAsync(method.paymentMethodId);
    setCard(null);
    setFormKey((k) => k + 1);
    toastSuccess('Payment method updated');
  }

  return (
    <StaffSection title="Payment Information">
      <div className="flex items-center gap-3">
        <CreditCard aria-hidden="true" className="size-6 shrink-0 text-muted" />
        <CardOnFile methodId={client.paymentInfo.defaultPaymentMethodId} />
      </div>
      <Form form={form} onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
        <fieldset disabled={busy} className="min-w-0">
          <legend className="mb-3 text-sm font-semibold">New card</legend>
          {config.data ? (
            <CardEntry key={formKey} config={config.data} disabled={busy} onChange={setCard} />
          ) : config.isError ? (
            <p className="text-sm text-danger">
              The card form could not load: {errorMessage(config.error)}
            </p>
          ) : (
            <Spinner label="Loading the card form" />
          )}
        </fieldset>
        <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger" />
        <div>
          <Button type="submit" variant="secondary" disabled={!card || busy}>
            {busy ? 'Updating...' : 'Update Payment Method'}
          </Button>
        </div>
      </Form>
    </StaffSection>
  );
}
