import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adjustCreditRequest } from '@noise/shared/account-credit';
import { newIdempotencyKey } from '@noise/shared/payments';
import { formatMoney } from '@noise/shared/pricing';
import { AccountCreditSummary } from '@/components/payments/account-credit';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { EmptyState, StaffSection } from '../../components/page-header';
import { useAccountCredit, useAdjustAccountCredit } from '../api/account-credit';

const formSchema = adjustCreditRequest.omit({ idempotencyKey: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const directionOptions = [
  { value: 'add', label: 'Add credit' },
  { value: 'remove', label: 'Take off credit' },
];

/**
 * The client company's account credit on the customer's page (docs/product.md#account-credit):
 * its entries with staff's reasons, and a form to add or take off credit with a reason. A
 * refusal keeps what was typed, with the reason at its field.
 */
export function AccountCreditSection({ companyId }: { companyId: string }) {
  const credit = useAccountCredit(companyId);
  const adjust = useAdjustAccountCredit(companyId);
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { direction: 'add', amount: '', reason: '' },
  });
  async function onSubmit(values: FormOutput) {
    try {
      await adjust.mutateAsync({
        direction: values.direction,
        // The form's amount is checked in cents; the API takes dollars, as typed.
        amount: (values.amount / 100).toFixed(2),
        reason: values.reason,
        idempotencyKey: key,
      });
      setKey(newIdempotencyKey());
      form.reset({ direction: values.direction, amount: '', reason: '' });
      toastSuccess(
        `${formatMoney(values.amount, credit.data?.currency ?? 'AUD')} of credit ${values.direction === 'add' ? 'added' : 'taken off'}`,
      );
    } catch (error) {
      // The server answered: this key is spent. No answer: a retry uses it again.
      if (isApiError(error) && error.status > 0 && error.status < 500) setKey(newIdempotencyKey());
      // The server names the amount's reason in its message: it goes under the amount.
      const message = error instanceof Error ? error.message : '';
      if (!message.startsWith('amount: ')) throw error;
      form.setError('amount', { message: message.slice('amount: '.length) });
    }
  }

  return (
    <StaffSection
      title="Account credit"
      description="Spent first on the client's next renewal. The client sees the entries, not your reasons."
    >
      {credit.isPending ? (
        <Skeleton className="h-16" />
      ) : credit.isError ? (
        <EmptyState title="Account credit could not be loaded">
          <Button variant="link" onClick={() => void credit.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : (
        <AccountCreditSummary credit={credit.data} showNotes />
      )}
      <Form form={form} onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="direction"
            render={(field) => <Select label="Change" options={directionOptions} {...field} />}
          />
          <FormField
            control={form.control}
            name="amount"
            render={(field) => (
              <TextInput
                label="Amount (inc. GST)"
                inputMode="decimal"
                autoComplete="off"
                required
                {...field}
              />
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="reason"
          render={(field) => (
            <TextInput
              label="Reason"
              required
              maxLength={500}
              hint="Kept in the audit log; the client does not see it."
              {...field}
            />
          )}
        />
        <FormAlert className="text-sm font-semibold text-danger" />
        <FormSubmit variant="secondary" className="self-start">
          Save credit
        </FormSubmit>
      </Form>
    </StaffSection>
  );
}
