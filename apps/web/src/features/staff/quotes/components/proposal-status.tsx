import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock, FileCheck2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { quoteStateOf, recordAcceptanceRequest, type Quote } from '@noise/shared/quote';
import { SignedProposalButton } from '@/components/proposals/signed-proposal-button';
import { Button } from '@/components/ui/button';
import { Form, FormAlert, FormField } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { useExtendQuote } from '../api/extend-quote';
import { useRecordAcceptance } from '../api/record-acceptance';

/** A date input's value a week from today. */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * 'Proposal' on the staff quote page (docs/product.md#proposals): signed (by whom, when, the
 * signed PDF; or accepted on paper and recorded by whom), declined (and why), or open until its
 * date, with 'Extend' and 'Record acceptance'. Staff never sign for the customer.
 */
export function ProposalStatus({ quote }: { quote: Quote }) {
  const { state } = quoteStateOf(quote);
  if (quote.accepted) {
    return (
      <StaffSection title="Proposal">
        <div className="flex flex-wrap items-center gap-4">
          <FileCheck2 aria-hidden="true" className="size-6 shrink-0 text-success" />
          <p className="min-w-0 flex-1">
            {quote.accepted.recordedBy ? (
              <>
                <strong>Accepted on paper by {quote.accepted.name}</strong>, recorded by{' '}
                {quote.accepted.recordedBy} on {formatDate(quote.accepted.at)} (version{' '}
                {quote.accepted.version}): “{quote.acceptanceNote}”.
              </>
            ) : (
              <>
                <strong>Accepted and signed by {quote.accepted.name}</strong> on{' '}
                {formatDate(quote.accepted.at)} (version {quote.accepted.version}).
              </>
            )}{' '}
            It can no longer be changed.
          </p>
          <SignedProposalButton quoteId={quote._id} />
        </div>
      </StaffSection>
    );
  }
  if (quote.paid || quote.depositPaid) return null;
  if (quote.declinedAt) {
    return (
      <StaffSection title="Proposal">
        <div className="flex gap-4">
          <XCircle aria-hidden="true" className="size-6 shrink-0 text-danger" />
          <p>
            <strong>Declined</strong> on {formatDate(quote.declinedAt)}.{' '}
            {quote.declineReason
              ? `Their reason: “${quote.declineReason}”`
              : 'No reason was given.'}{' '}
            Change it and save to make a new version they can accept.
          </p>
        </div>
      </StaffSection>
    );
  }
  return (
    <StaffSection title="Proposal">
      <p className="flex gap-3">
        <CalendarClock aria-hidden="true" className="size-6 shrink-0 text-muted" />
        <span>
          {state === 'Expired' ? (
            <strong>This proposal has expired</strong>
          ) : quote.validUntil ? (
            <>Valid until {formatDate(quote.validUntil)}</>
          ) : (
            'Valid for 30 days from sending.'
          )}
          {state === 'Expired' && quote.validUntil
            ? ` on ${formatDate(quote.validUntil)}: the customer can no longer accept or pay it.`
            : null}{' '}
          Version {quote.version}.
        </span>
      </p>
      {quote.validUntil ? <ExtendForm quote={quote} /> : null}
      {state === 'Expired' ? null : <RecordAcceptance quote={quote} />}
    </StaffSection>
  );
}

const paperFields = recordAcceptanceRequest.pick({ name: true, note: true });

/**
 * 'Record acceptance': the customer accepted outside the proposal page (a signed paper copy, a
 * letter). Recorded as the staff member's act, with who signed and how; the customer's own
 * 'Accept and sign' is theirs alone.
 */
function RecordAcceptance({ quote }: { quote: Quote }) {
  const record = useRecordAcceptance(quote._id);
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof paperFields>, unknown, z.output<typeof paperFields>>({
    resolver: zodResolver(paperFields),
    defaultValues: { name: quote.customer?.name ?? '', note: '' },
  });
  async function onSubmit(values: z.output<typeof paperFields>) {
    await record.mutateAsync({ ...values, version: quote.version });
    toastSuccess('Acceptance recorded', `Accepted by ${values.name}, recorded by you.`);
  }
  if (!open) {
    return (
      <Button variant="ghost" className="mt-3 -ml-4" onClick={() => setOpen(true)}>
        Record an acceptance given on paper
      </Button>
    );
  }
  return (
    <Form
      form={form}
      serverFields={['name', 'note']}
      onSubmit={onSubmit}
      className="mt-5 flex max-w-xl flex-col gap-4"
    >
      <p className="text-sm text-muted">
        Only when the customer accepted version {quote.version} outside this site. It is recorded as
        yours, with your name on the proposal and in the audit log.
      </p>
      <FormField
        control={form.control}
        name="name"
        render={(field) => (
          <TextInput label="Who signed it" autoComplete="off" required maxLength={200} {...field} />
        )}
      />
      <FormField
        control={form.control}
        name="note"
        render={(field) => (
          <Textarea
            label="How they accepted it"
            hint="For example: signed paper copy received by post on 3 December."
            required
            maxLength={2000}
            {...field}
          />
        )}
      />
      <FormAlert className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" disabled={record.isPending}>
          Record acceptance
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

// The date goes as it is: the server says what is wrong with it, under the field.
const extendFields = z.object({ validUntil: z.string() });

function ExtendForm({ quote }: { quote: Quote }) {
  const extend = useExtendQuote(quote._id);
  const form = useForm<z.infer<typeof extendFields>>({
    resolver: zodResolver(extendFields),
    defaultValues: { validUntil: inAWeek() },
  });
  async function onSubmit({ validUntil }: z.infer<typeof extendFields>) {
    try {
      const saved = await extend.mutateAsync({ validUntil });
      toastSuccess(
        'Proposal extended',
        `Valid until ${formatDate(saved.validUntil ?? validUntil)}.`,
      );
    } catch (error) {
      // Shown under the field; the date typed stays.
      form.setError('validUntil', { message: errorMessage(error) });
    }
  }
  return (
    <Form form={form} onSubmit={onSubmit} className="mt-5 flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-56">
        <FormField
          control={form.control}
          name="validUntil"
          render={(field) => <TextInput label="New 'Valid until'" type="date" {...field} />}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={extend.isPending}>
        Extend
      </Button>
    </Form>
  );
}
