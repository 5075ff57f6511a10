import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Quote } from '@noise/shared/quote';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StaffPageHeader } from '../../components/page-header';
import {
  LoadFailedMessage,
  StaffTable,
  TableQueryRows,
  Td,
  Th,
} from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useDeleteQuote } from '../api/delete-quote';
import { useQuotes } from '../api/get-quotes';
import { QuoteRecipient, QuoteStateLabel, QuoteValue } from '../components/quote-facts';

const COLUMNS = 5;

function EmptyMessage() {
  return <>No custom quotes yet. Use &lsquo;Add New Quote&rsquo; to make one.</>;
}

function InternalNotes({ quote }: { quote: Quote }) {
  if (!quote.internalNotes) return null;
  return (
    <p className="mt-1 line-clamp-2 text-xs break-words text-muted">
      <span className="sr-only">Internal notes: </span>
      {quote.internalNotes}
    </p>
  );
}

function CreatedBy({ quote }: { quote: Quote }) {
  return (
    <>
      {quote.createdBy ? `By ${quote.createdBy} · ` : null}
      <time dateTime={quote.createdAt} className="whitespace-nowrap">
        {formatDate(quote.createdAt)}
      </time>
    </>
  );
}

function SaleLink({ quote }: { quote: Quote }) {
  if (!quote.projectId) return null;
  return (
    <Link
      to={`/wkm-dashboard/custom-sales/edit/${quote.projectId}`}
      className="mt-1 inline-block text-xs font-semibold underline"
    >
      View sale<span className="sr-only"> of {quote.name}</span>
    </Link>
  );
}

function QuoteActions({ quote, onRemove }: { quote: Quote; onRemove: (quote: Quote) => void }) {
  // Paid, or its deposit paid: it is a sale now, read-only.
  const locked = quote.paid || quote.depositPaid;
  return (
    <div className="flex justify-end gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={`edit/${quote._id}`}>
          {locked ? 'View' : 'Edit'}
          <span className="sr-only"> {quote.name}</span>
        </Link>
      </Button>
      {locked ? null : (
        <Button variant="ghost" size="sm" onClick={() => onRemove(quote)}>
          Remove<span className="sr-only"> {quote.name}</span>
        </Button>
      )}
    </div>
  );
}

/** Below the widest breakpoint, one card per quote: five columns do not fit a phone or a tablet. */
function QuoteCards({
  quotes,
  onRemove,
}: {
  quotes: ReturnType<typeof useQuotes>;
  onRemove: (quote: Quote) => void;
}) {
  if (quotes.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:hidden">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48 w-full rounded-card" />
        ))}
      </div>
    );
  }
  if (quotes.isError || quotes.data.length === 0) {
    return (
      <p className="rounded-card border-2 border-ink/10 bg-paper px-5 py-12 text-center text-muted xl:hidden">
        {quotes.isError ? (
          <LoadFailedMessage what="custom quotes" onRetry={() => void quotes.refetch()} />
        ) : (
          <EmptyMessage />
        )}
      </p>
    );
  }
  return (
    <ul aria-label="All Custom Quotes" className="grid gap-4 sm:grid-cols-2 xl:hidden">
      {quotes.data.map((quote) => (
        <li
          key={quote._id}
          className="flex min-w-0 flex-col gap-4 rounded-card border-2 border-ink/10 bg-paper p-5 shadow-card"
        >
          <div className="min-w-0">
            <h2 className="text-lg leading-snug font-bold break-words">{quote.name}</h2>
            <InternalNotes quote={quote} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm">
            <dt className="text-muted">For</dt>
            <dd className="min-w-0">
              <QuoteRecipient quote={quote} />
            </dd>
            <dt className="text-muted">State</dt>
            <dd>
              <QuoteStateLabel quote={quote} />
            </dd>
            <dt className="text-muted">Value</dt>
            <dd>
              <QuoteValue quote={quote} />
            </dd>
            <dt className="text-muted">Created</dt>
            <dd className="min-w-0">
              <CreatedBy quote={quote} />
            </dd>
          </dl>
          <div className="mt-auto flex items-center justify-between gap-3 border-t border-line pt-4">
            <SaleLink quote={quote} />
            <div className="ml-auto">
              <QuoteActions quote={quote} onRemove={onRemove} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /wkm-dashboard/custom-quotes: 'All Custom Quotes' (docs/product.md#proposals). */
export function QuotesListRoute() {
  usePageMeta('All Custom Quotes');
  const quotes = useQuotes();
  const remove = useDeleteQuote();
  const [toRemove, setToRemove] = useState<Quote | null>(null);
  useToastOnError(quotes.error, 'Could not load custom quotes');

  return (
    <div>
      <StaffPageHeader
        title="All Custom Quotes"
        description="Proposals for work outside the catalogue: the customer reads, signs and pays them online."
        actions={
          <Button asChild variant="secondary">
            <Link to="new">
              <Plus aria-hidden="true" />
              Add New Quote
            </Link>
          </Button>
        }
      />
      <QuoteCards quotes={quotes} onRemove={setToRemove} />
      <StaffTable caption="All Custom Quotes" className="hidden xl:block">
        <thead>
          <tr>
            <Th>Quote</Th>
            <Th>For</Th>
            <Th>State</Th>
            <Th>Value</Th>
            <Th className="text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          <TableQueryRows
            query={quotes}
            columns={COLUMNS}
            what="custom quotes"
            empty={<EmptyMessage />}
          >
            {(rows) =>
              rows.map((quote) => (
                <tr key={quote._id} className="hover:bg-canvas/50">
                  <Td className="min-w-48 max-w-72">
                    <p className="font-semibold break-words">{quote.name}</p>
                    <InternalNotes quote={quote} />
                    <p className="mt-1 text-xs text-muted">
                      <CreatedBy quote={quote} />
                    </p>
                    <SaleLink quote={quote} />
                  </Td>
                  <Td className="max-w-52">
                    <QuoteRecipient quote={quote} />
                  </Td>
                  <Td>
                    <QuoteStateLabel quote={quote} className="flex-col items-start" />
                  </Td>
                  <Td>
                    <QuoteValue quote={quote} />
                  </Td>
                  <Td>
                    <QuoteActions quote={quote} onRemove={setToRemove} />
                  </Td>
                </tr>
              ))
            }
          </TableQueryRows>
        </tbody>
      </StaffTable>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => (open ? null : setToRemove(null))}
        title="Remove this quote?"
        description={
          toRemove
            ? `${toRemove.name} will be removed and its payment link will stop working.`
            : undefined
        }
        confirmLabel="Remove"
        onConfirm={async () => {
          if (!toRemove) return;
          await remove.mutateAsync(toRemove._id);
          toastSuccess('Quote removed');
        }}
      />
    </div>
  );
}
