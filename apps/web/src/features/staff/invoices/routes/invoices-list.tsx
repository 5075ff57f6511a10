import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { BillSummary } from '@noise/shared/bills';
import { formatMoneyGst } from '@noise/shared/pricing';
import { BillStatusPill } from '@/components/payments/bill-status';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { StaffPageHeader } from '../../components/page-header';
import {
  LoadFailedMessage,
  StaffTable,
  TableQueryRows,
  Td,
  Th,
} from '../../components/staff-table';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useInvoices } from '../api/get-invoices';

const COLUMNS = 6;

function EmptyMessage() {
  return <>No invoices yet. Use &lsquo;New invoice&rsquo; to bill a customer for anything.</>;
}

/** 'Due 05 Mar, 2026', with what is left to pay when something is. */
function Due({ bill }: { bill: BillSummary }) {
  return (
    <span className="text-sm">
      <time dateTime={bill.dueDate} className="whitespace-nowrap">
        {formatDate(bill.dueDate)}
      </time>
    </span>
  );
}

function Customer({ bill }: { bill: BillSummary }) {
  return (
    <span className="block min-w-0">
      <span className="block truncate font-medium" title={bill.customer.name}>
        {bill.customer.name}
      </span>
      <span className="block truncate text-xs text-muted" title={bill.customer.email}>
        {bill.customer.companyName || bill.customer.email}
      </span>
    </span>
  );
}

function OpenButton({ bill }: { bill: BillSummary }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={bill._id}>
        {bill.status === 'draft' ? 'Edit' : 'Open'}
        <span className="sr-only"> invoice {bill.number}</span>
      </Link>
    </Button>
  );
}

/** Below the widest breakpoint, one card per invoice. */
function InvoiceCards({ invoices }: { invoices: ReturnType<typeof useInvoices> }) {
  if (invoices.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:hidden">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 w-full rounded-card" />
        ))}
      </div>
    );
  }
  if (invoices.isError || invoices.data.length === 0) {
    return (
      <p className="rounded-card border-2 border-ink/10 bg-paper px-5 py-12 text-center text-muted xl:hidden">
        {invoices.isError ? (
          <LoadFailedMessage what="invoices" onRetry={() => void invoices.refetch()} />
        ) : (
          <EmptyMessage />
        )}
      </p>
    );
  }
  return (
    <ul aria-label="Invoices" className="grid gap-4 sm:grid-cols-2 xl:hidden">
      {invoices.data.map((bill) => (
        <li
          key={bill._id}
          className="flex min-w-0 flex-col gap-4 rounded-card border-2 border-ink/10 bg-paper p-5 shadow-card"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-lg font-bold">Invoice {bill.number}</h2>
            <BillStatusPill status={bill.status} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm">
            <dt className="text-muted">For</dt>
            <dd className="min-w-0">
              <Customer bill={bill} />
            </dd>
            <dt className="text-muted">Total</dt>
            <dd className="tabular-nums">
              {formatMoneyGst(bill.totalCents, 'inc', bill.currency)}
            </dd>
            <dt className="text-muted">Due</dt>
            <dd>
              <Due bill={bill} />
            </dd>
          </dl>
          <div className="mt-auto flex justify-end border-t border-line pt-4">
            <OpenButton bill={bill} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /wkm-dashboard/invoices: every invoice staff made, newest first (docs/product.md#invoices). */
export function InvoicesListRoute() {
  usePageMeta('Invoices');
  const invoices = useInvoices();
  useToastOnError(invoices.error, 'Could not load invoices');
  return (
    <div>
      <StaffPageHeader
        title="Invoices"
        description="Bill a customer for anything: they pay by card from the emailed link, or by bank transfer you mark as paid."
        actions={
          <Button asChild variant="secondary">
            <Link to="new">
              <Plus aria-hidden="true" />
              New invoice
            </Link>
          </Button>
        }
      />
      <InvoiceCards invoices={invoices} />
      <StaffTable caption="Invoices" className="hidden xl:block">
        <thead>
          <tr>
            <Th>Invoice</Th>
            <Th>For</Th>
            <Th>State</Th>
            <Th className="text-right">Total</Th>
            <Th>Due</Th>
            <Th className="text-right">Action</Th>
          </tr>
        </thead>
        <tbody>
          <TableQueryRows
            query={invoices}
            columns={COLUMNS}
            what="invoices"
            empty={<EmptyMessage />}
          >
            {(rows) =>
              rows.map((bill) => (
                <tr key={bill._id} className="hover:bg-canvas/50">
                  <Td>
                    <p className="font-semibold">{bill.number}</p>
                    <p className="text-xs text-muted">{formatDate(bill.createdAt)}</p>
                  </Td>
                  <Td className="max-w-60">
                    <Customer bill={bill} />
                  </Td>
                  <Td>
                    <BillStatusPill status={bill.status} />
                  </Td>
                  <Td className="text-right tabular-nums">
                    {formatMoneyGst(bill.totalCents, 'inc', bill.currency)}
                  </Td>
                  <Td>
                    <Due bill={bill} />
                  </Td>
                  <Td className="text-right">
                    <OpenButton bill={bill} />
                  </Td>
                </tr>
              ))
            }
          </TableQueryRows>
        </tbody>
      </StaffTable>
    </div>
  );
}
