import { CalendarClock, FileCheck2, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { quoteStateOf, type Quote } from '@noise/shared/quote';
import { SignedProposalButton } from '@/components/proposals/signed-proposal-button';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { StaffSection } from '../../components/page-header';
import { useExtendQuote } from '../api/extend-quote';

/** A date input's value a week from today. */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * 'Proposal' on the staff quote page (docs/product.md#proposals): signed (by whom, when, the
 * signed PDF), declined (and why), or open until its date, with 'Extend'.
 */
export function ProposalStatus({ quote }: { quote: Quote }) {
  const { state } = quoteStateOf(quote);
  if (quote.accepted) {
    return (
      <StaffSection title="Proposal">
        <div className="flex flex-wrap items-center gap-4">
          <FileCheck2 aria-hidden="true" className="size-6 shrink-0 text-success" />
          <p className="min-w-0 flex-1">
            <strong>Accepted and signed by {quote.accepted.name}</strong> on{' '}
            {formatDate(quote.accepted.at)} (version {quote.accepted.version}). It can no longer be
            changed.
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
    </StaffSection>
  );
}

function ExtendForm({ quote }: { quote: Quote }) {
  const extend = useExtendQuote(quote._id);
  const [date, setDate] = useState(inAWeek);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await extend.mutateAsync({ validUntil: date });
      toastSuccess('Proposal extended', `Valid until ${formatDate(saved.validUntil ?? date)}.`);
    } catch {
      // Shown under the field; the date typed stays.
    }
  }
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="mt-5 flex flex-wrap items-end gap-3"
    >
      <div className="w-full sm:w-56">
        <TextInput
          label="New 'Valid until'"
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={extend.isError ? errorMessage(extend.error) : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={extend.isPending}>
        Extend
      </Button>
    </form>
  );
}
