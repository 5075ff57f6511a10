import { zodResolver } from '@hookform/resolvers/zod';
import { PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { acceptProposalRequest } from '@noise/shared/quote';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField, FormSubmit } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useAcceptProposal, useDeclineProposal } from '../api/answer-proposal';

const signFields = acceptProposalRequest.pick({ name: true, agreeToTerms: true });
type SignInput = z.input<typeof signFields>;
type SignOutput = z.output<typeof signFields>;

/**
 * 'Accept and sign' (docs/product.md#proposal-page): the customer types their full name and ticks
 * the terms; the version they read goes with it, so an edited proposal is not signed blind. A
 * refusal keeps what they typed.
 */
export function AcceptProposalForm({
  quoteId,
  version,
  defaultName = '',
}: {
  quoteId: string;
  version: number;
  defaultName?: string;
}) {
  const accept = useAcceptProposal(quoteId);
  const termsId = useId();
  const form = useForm<SignInput, unknown, SignOutput>({
    resolver: zodResolver(signFields),
    defaultValues: { name: defaultName, agreeToTerms: false as unknown as true },
  });
  return (
    <Form
      form={form}
      serverFields={['name', 'agreeToTerms']}
      // A refusal is shown below; the name typed stays.
      onSubmit={(values) => accept.mutateAsync({ ...values, version })}
      className="flex flex-col gap-4"
    >
      <FormField
        control={form.control}
        name="name"
        render={(field) => (
          <TextInput
            label="Your full name"
            autoComplete="name"
            required
            maxLength={200}
            hint="Typing your name signs this proposal."
            {...field}
          />
        )}
      />
      <FormField
        control={form.control}
        name="agreeToTerms"
        render={({ value, onChange, error, ...field }) => (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start gap-3">
              <input
                id={termsId}
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-ink"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${termsId}-error` : undefined}
                checked={value}
                onChange={(event) => onChange(event.target.checked)}
                {...field}
              />
              <label htmlFor={termsId} className="cursor-pointer text-sm font-medium">
                I have read this proposal and agree to its terms.
              </label>
            </div>
            {error ? (
              <p id={`${termsId}-error`} className="text-sm font-medium text-danger">
                {error}
              </p>
            ) : null}
          </div>
        )}
      />
      <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger" />
      <FormSubmit size="lg">
        {form.formState.isSubmitting ? null : <PenLine aria-hidden="true" />}
        Accept and sign
      </FormSubmit>
    </Form>
  );
}

/** 'Decline': asks for an optional reason first; staff are told. */
export function DeclineProposal({ quoteId }: { quoteId: string }) {
  const decline = useDeclineProposal(quoteId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      <Button variant="ghost" className="-ml-4 self-start" onClick={() => setOpen(true)}>
        Decline this proposal
      </Button>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        decline.mutate({ reason });
      }}
    >
      <Textarea
        label="Why are you declining? (optional)"
        hint="It helps us make a better offer."
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={decline.isError ? errorMessage(decline.error) : undefined}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" disabled={decline.isPending}>
          Decline proposal
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Keep it open
        </Button>
      </div>
    </form>
  );
}
