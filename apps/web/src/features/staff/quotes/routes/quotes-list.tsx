import { CheckCircle2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Quote } from '@noise/shared/quote';
import { Button } from '@/components/ui/button';
import { formatDate, formatPrice } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StaffPageHeader } from '../../components/page-header';
import {
  StaffTable,
  TableMessageRow,
  TableSkeletonRows,
  Td,
  Th,
} from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useDeleteQuote } from '../api/delete-quote';
import { useQuotes } from '../api/get-quotes';

const COLUMNS = 5;

/** /wkm-dashboard/custom-quotes: 'All Custom Quotes' (SPEC.md section 2). */
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
        description="Quotes for work outside the catalogue; send the customer the payment link."
        actions={
          <Button asChild variant="secondary">
            <Link to="new">
              <Plus aria-hidden="true" />
              Add New Quote
            </Link>
          </Button>
        }
      />
      <StaffTable caption="All Custom Quotes">
        <thead>
          <tr>
            <Th className="whitespace-nowrap">Quote Name</Th>
            <Th>Internal notes</Th>
            <Th>Price</Th>
            <Th className="whitespace-nowrap">Created By</Th>
            <Th className="w-52 text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          {quotes.isPending ? (
            <TableSkeletonRows columns={COLUMNS} />
          ) : quotes.isError ? (
            <TableMessageRow columns={COLUMNS}>
              We could not load custom quotes.{' '}
              <Button variant="link" onClick={() => void quotes.refetch()}>
                Try again
              </Button>
            </TableMessageRow>
          ) : quotes.data.length === 0 ? (
            <TableMessageRow columns={COLUMNS}>
              No custom quotes yet. Use &lsquo;Add New Quote&rsquo; to make one.
            </TableMessageRow>
          ) : (
            quotes.data.map((quote) => (
              <tr key={quote._id} className="hover:bg-canvas/50">
                <Td>
                  <p className="font-semibold">{quote.name}</p>
                  {quote.paid ? (
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
                      <span className="inline-flex items-center gap-1 rounded-full bg-ink px-2.5 py-0.5 font-bold text-paper">
                        <CheckCircle2 aria-hidden="true" className="size-3.5" />
                        Paid
                      </span>
                      {quote.projectId ? (
                        <Link
                          to={`/wkm-dashboard/custom-sales/edit/${quote.projectId}`}
                          className="font-semibold underline"
                        >
                          View sale<span className="sr-only"> of {quote.name}</span>
                        </Link>
                      ) : null}
                    </p>
                  ) : null}
                </Td>
                <Td className="max-w-xs text-muted">
                  <p className="line-clamp-2 break-words">{quote.internalNotes || '—'}</p>
                </Td>
                <Td className="whitespace-nowrap tabular-nums">{formatPrice(quote.value)}</Td>
                <Td>
                  <p>{quote.createdBy || '—'}</p>
                  <p className="text-xs whitespace-nowrap text-muted">
                    {formatDate(quote.createdAt)}
                  </p>
                </Td>
                <Td>
                  <div className="flex justify-end gap-2">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`edit/${quote._id}`}>
                        {quote.paid ? 'View' : 'Edit'}
                        <span className="sr-only"> {quote.name}</span>
                      </Link>
                    </Button>
                    {quote.paid ? null : (
                      <Button variant="ghost" size="sm" onClick={() => setToRemove(quote)}>
                        Remove<span className="sr-only"> {quote.name}</span>
                      </Button>
                    )}
                  </div>
                </Td>
              </tr>
            ))
          )}
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
