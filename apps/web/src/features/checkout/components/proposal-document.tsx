import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  depositLabel,
  quoteParts,
  quoteTermsOf,
  splitCommaList,
  type PublicQuote,
} from '@noise/shared/quote';
import { formatDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t-2 border-line px-5 py-6 sm:px-10 sm:py-8">
      <h3 className="text-xs font-bold tracking-[0.2em] text-accent-strong uppercase">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words">{value}</dd>
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4 py-2',
        strong && 'border-t-2 border-ink text-lg font-extrabold',
      )}
    >
      <dt className={strong ? undefined : 'text-muted'}>{label}</dt>
      <dd className="text-right font-semibold whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The proposal as a sales document (docs/product.md#proposal-page): who it is for and from, its
 * summary, scope and timeline, the investment with GST and any deposit, and its terms.
 */
export function ProposalDocument({
  quote,
  companyName,
  className,
}: {
  quote: PublicQuote;
  companyName: string;
  className?: string;
}) {
  const parts = quoteParts(quoteTermsOf(quote));
  const deliverables = splitCommaList(quote.deliverables);
  const extras = splitCommaList(quote.extras);
  const terms = quote.terms
    .split('\n')
    .map((t) => t.trim())
    .filter(Boolean);
  return (
    <article
      aria-labelledby="proposal-title"
      className={cn('min-w-0 overflow-hidden rounded-card border-2 border-ink bg-paper', className)}
    >
      <header className="bg-ink px-5 py-7 text-paper sm:px-10 sm:py-9">
        <p className="flex flex-wrap items-center justify-between gap-2 text-xs font-bold tracking-[0.2em] uppercase">
          <span className="text-accent">Proposal</span>
          <span className="text-paper/70">{companyName}</span>
        </p>
        <h2
          id="proposal-title"
          className="mt-3 text-3xl leading-tight font-extrabold break-words sm:text-4xl"
        >
          {quote.name}
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4 [&_dd]:text-paper [&_dt]:text-paper/60">
          <Fact label="Prepared for" value={quote.preparedFor} />
          <Fact label="Prepared by" value={quote.preparedBy} />
          <Fact label="Date" value={quote.sentAt ? formatDate(quote.sentAt) : ''} />
          <Fact label="Valid until" value={quote.validUntil ? formatDate(quote.validUntil) : ''} />
        </dl>
      </header>

      {quote.summary ? (
        <Section title="Summary">
          <p className="text-lg whitespace-pre-line">{quote.summary}</p>
        </Section>
      ) : null}

      <Section title="Scope">
        <div className="grid gap-6 sm:grid-cols-2">
          <ScopeList title="Deliverables" items={deliverables} />
          <ScopeList title="Extras included" items={extras} />
        </div>
        <p className="mt-5 rounded-xl bg-canvas px-4 py-3">
          <strong>Timeline:</strong> delivered within {quote.deliveryDays} working days of your
          brief.
        </p>
      </Section>

      <Section title="Investment">
        <dl className="max-w-md">
          <Row label="Price" value={formatMoney(parts.total.totalCents)} />
          <Row label="GST" value={formatMoney(parts.total.gstCents)} />
          <Row label="Total (inc. GST)" value={formatMoney(parts.total.totalWithGstCents)} strong />
          {parts.deposit && parts.balance ? (
            <>
              <Row
                label={`${depositLabel(quote)} due on acceptance`}
                value={formatMoney(parts.deposit.totalWithGstCents)}
              />
              <Row
                label="Balance due when the work is ready"
                value={formatMoney(parts.balance.totalWithGstCents)}
              />
            </>
          ) : null}
        </dl>
      </Section>

      {terms.length > 0 ? (
        <Section title="Terms">
          <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm text-muted">
            {terms.map((term, index) => (
              <li key={index}>{term}</li>
            ))}
          </ol>
        </Section>
      ) : null}
    </article>
  );
}

/** A titled list of what the proposal includes, ticked; nothing when it is empty. */
function ScopeList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="font-bold">{title}</h4>
      <ul className="mt-2 flex flex-col gap-1.5">
        {items.map((item, index) => (
          <li key={`${item}-${index}`} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span className="min-w-0 break-words">{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
