import { CheckCircle2 } from 'lucide-react';
import { formatMoney, formatMoneyGst, gstNotes, priceQuote, toCents } from '@noise/shared/pricing';
import {
  depositLabel,
  quoteParts,
  quoteStateOf,
  quoteTermsOf,
  type Quote,
  type QuoteState,
} from '@noise/shared/quote';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';

const tones: Record<QuoteState, string> = {
  Draft: 'bg-ink/10 text-ink',
  Sent: 'bg-accent-soft text-accent-strong',
  Viewed: 'bg-accent text-ink',
  Accepted: 'bg-success/15 text-ink',
  Declined: 'bg-danger/10 text-danger',
  Expired: 'bg-ink/10 text-muted',
  'Deposit paid': 'bg-ink/80 text-paper',
  Paid: 'bg-ink text-paper',
};

/** Where the quote stands and since when: a pill ('Sent') and its date ('23 Nov, 2026'). */
export function QuoteStateLabel({ quote, className }: { quote: Quote; className?: string }) {
  const { state, at } = quoteStateOf(quote);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <span
        className={cn(
          'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
          tones[state],
        )}
      >
        {state === 'Paid' ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : null}
        {state}
      </span>
      {at ? (
        <time dateTime={at} className="text-xs whitespace-nowrap text-muted">
          {formatDate(at)}
        </time>
      ) : null}
      {quote.validUntil && (state === 'Sent' || state === 'Viewed') ? (
        <span className="text-xs text-muted">valid until {formatDate(quote.validUntil)}</span>
      ) : null}
    </span>
  );
}

/** Who the quote is for: the customer's name and address, an address alone, or no one yet. */
export function QuoteRecipient({ quote }: { quote: Quote }) {
  if (quote.customer) {
    return (
      <span className="block min-w-0">
        <span className="block truncate font-medium" title={quote.customer.name}>
          {quote.customer.name}
        </span>
        <span className="block truncate text-xs text-muted" title={quote.customer.email}>
          {quote.customer.email}
        </span>
      </span>
    );
  }
  if (quote.recipientEmail) {
    return (
      <span className="block truncate" title={quote.recipientEmail}>
        {quote.recipientEmail}
      </span>
    );
  }
  return <span className="text-muted">No one yet</span>;
}

/**
 * The quote's value as it is, before GST, and what the customer pays with it: '$1,500.00 exc.
 * GST' over '$1,650.00 inc. GST'.
 */
export function QuoteValue({ quote }: { quote: Quote }) {
  const price = priceQuote(toCents(quote.value));
  const { deposit } = quoteParts(quoteTermsOf(quote));
  return (
    <span className="block tabular-nums">
      <span className="block font-semibold whitespace-nowrap">
        {formatMoney(price.totalCents, quote.currency)}{' '}
        <span className="text-xs font-normal text-muted">{gstNotes.exc}</span>
      </span>
      <span className="block text-xs whitespace-nowrap text-muted">
        {formatMoneyGst(price.totalWithGstCents, 'inc', quote.currency)}
      </span>
      {deposit ? (
        <span className="block text-xs whitespace-nowrap text-muted">
          {depositLabel(quote)}: {formatMoney(deposit.totalWithGstCents, quote.currency)}
        </span>
      ) : null}
    </span>
  );
}
