import { intervalTerms } from '@noise/shared/intervals';
import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  BillingDocument,
  BillingDue,
  BillingInvoice,
  BillingSubscription,
} from '@noise/shared/billing';
import { formatMoneyGst } from '@noise/shared/pricing';
import type { RequestUsage } from '@noise/shared/requests';
import { orderName } from '@noise/shared/project-constants';
import { planUseWords } from '@noise/shared/request-words';
import { AccountCreditSummary } from '@/components/payments/account-credit';
import { BillStatusPill } from '@/components/payments/bill-status';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { useBilling } from '../api/billing';
import { CustomerPage } from '../components/customer-page';
import { DeclineNotice } from '@/components/payments/decline-notice';
import { pausedWords } from '@/components/payments/pause-dialog';
import { PauseControls } from '../components/pause-controls';
import { PlanChangeControls } from '../components/plan-change';
import { ProfileCard } from '../components/profile-card';

const rowClass =
  'flex flex-col gap-3 border-t-2 border-ink/10 py-4 first:border-t-0 first:pt-0 sm:flex-row sm:items-center sm:justify-between';

function DueRow({ due }: { due: BillingDue }) {
  const what = due.kind === 'balance' ? 'Balance' : 'To start';
  return (
    <li className={rowClass}>
      <div className="min-w-0">
        <p className="font-bold break-words">{due.title}</p>
        <p className="text-sm text-muted">
          {due.orderNumber !== null ? `${orderName(due.orderNumber)} · ` : 'Proposal · '}
          {what}:{' '}
          <span className="font-semibold text-ink">
            {formatMoneyGst(due.amountCents, 'inc', due.currency)}
          </span>
        </p>
      </div>
      {due.payable ? (
        <Button asChild size="sm" className="self-start sm:self-auto">
          <Link to={due.href} aria-label={`Pay: ${due.title}`}>
            Pay
          </Link>
        </Button>
      ) : (
        <p className="text-sm text-muted sm:max-w-56 sm:text-right">
          We will ask for it when the work is ready.
        </p>
      )}
    </li>
  );
}

/** An invoice we sent: its state (Overdue once past its due date), and 'Pay' while unpaid. */
function InvoiceRow({ invoice }: { invoice: BillingInvoice }) {
  return (
    <li className={rowClass}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-bold">
          Invoice {invoice.number}
          <BillStatusPill status={invoice.status} />
        </p>
        <p className="text-sm text-muted">
          {formatMoneyGst(invoice.totalCents, 'inc', invoice.currency)} · due{' '}
          {formatDate(invoice.dueDate)}
        </p>
      </div>
      {invoice.payHref ? (
        <Button asChild size="sm" className="self-start sm:self-auto">
          <Link to={invoice.payHref} aria-label={`Pay invoice ${invoice.number}`}>
            Pay {formatMoneyGst(invoice.dueCents, 'inc', invoice.currency)}
          </Link>
        </Button>
      ) : null}
    </li>
  );
}

/** A request plan's use, as the dashboard's Requests panel counts it: '1 of 1 active · 3 this month'. */
function RequestUse({ use }: { use: RequestUsage }) {
  return (
    <p className="text-sm">
      {[...planUseWords(use), ...(use.resetsAt ? [`Resets ${formatDate(use.resetsAt)}`] : [])].join(
        ' · ',
      )}
    </p>
  );
}

function PlanRow({ plan }: { plan: BillingSubscription }) {
  const every = intervalTerms(plan.interval).period;
  return (
    <li className={rowClass}>
      <div className="min-w-0">
        <p className="font-bold break-words">{plan.title}</p>
        <p className="text-sm text-muted">
          {orderName(plan.orderNumber)} · {plan.packageTitle} ·{' '}
          {formatMoneyGst(plan.amountCents, 'inc', plan.currency)} / {every}
        </p>
        {plan.requests ? <RequestUse use={plan.requests} /> : null}
        <DeclineNotice subscription={plan} cardHref="#billing-card" />
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <p className="text-sm font-semibold sm:text-right">
          {plan.status === 'cancelled' || !plan.nextChargeAt
            ? 'Cancelled'
            : plan.status === 'paused'
              ? pausedWords(plan)
              : `${plan.status === 'past_due' ? 'Past due · ' : ''}${plan.lastDecline ? 'Unpaid since' : 'Next charge'} ${formatDate(plan.nextChargeAt)}`}
        </p>
        <PlanChangeControls subscription={plan} alignEnd />
        <PauseControls subscription={plan} serviceTitle={plan.title} />
      </div>
    </li>
  );
}

function DocumentRow({ document }: { document: BillingDocument }) {
  const [busy, setBusy] = useState(false);
  const name = document.kind === 'invoice' ? 'Tax invoice' : 'Adjustment note';
  async function download() {
    setBusy(true);
    try {
      await downloadFile(document.url, `${document.number}.pdf`);
    } catch (error) {
      toastError(`${name} ${document.number} could not be downloaded`, errorMessage(error, ''));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className={rowClass}>
      <div className="min-w-0">
        <p className="font-bold break-words">
          {name} {document.number}
        </p>
        <p className="text-sm text-muted">
          {formatDate(document.issuedAt)} ·{' '}
          {document.projectId && document.orderNumber !== null ? (
            <Link
              to={`/dashboard/projects/${document.projectId}`}
              className="underline-offset-4 hover:underline"
            >
              {document.title}, {orderName(document.orderNumber)}
            </Link>
          ) : (
            document.title
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 sm:flex-nowrap sm:justify-end">
        <span className="font-semibold whitespace-nowrap tabular-nums">
          {document.kind === 'adjustment-note' ? '−' : ''}
          {formatMoneyGst(document.amountCents, 'inc', document.currency)}
        </span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void download()}
        >
          <Download aria-hidden="true" />
          {busy ? 'Downloading...' : 'Download'}{' '}
          {/* Which document, after the words on screen so the name starts with them even while
              busy (WCAG 2.5.3). */}
          <span className="sr-only">{`${name.toLowerCase()} ${document.number}`}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * /dashboard/billing (docs/product.md#billing): owners and billing people see what is due, the
 * plans that renew, the card on file (`cardSection`, checkout's form, passed in by the app) and
 * every tax invoice and adjustment note of the company's orders.
 */
export function BillingRoute({ cardSection }: { cardSection?: ReactNode }) {
  usePageMeta('Billing');
  const billing = useBilling();
  return (
    <CustomerPage>
      <h1 className="text-4xl font-extrabold sm:text-5xl">Billing</h1>
      {billing.isPending ? (
        <div className="mt-8 grid max-w-3xl gap-4">
          <Skeleton className="h-32 rounded-card" />
          <Skeleton className="h-48 rounded-card" />
        </div>
      ) : billing.isError ? (
        <p role="alert" className="mt-8 text-danger">
          {errorMessage(billing.error, 'Your billing could not be loaded.')}{' '}
          <Button variant="link" onClick={() => void billing.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <div className="mt-8 grid max-w-3xl gap-8">
          {billing.data.dues.length > 0 ? (
            <ProfileCard id="billing-due" title="Due">
              <ul>
                {billing.data.dues.map((due) => (
                  <DueRow key={due.href} due={due} />
                ))}
              </ul>
            </ProfileCard>
          ) : null}
          {billing.data.invoices.length > 0 ? (
            <ProfileCard id="billing-invoices" title="Invoices from us">
              <ul>
                {billing.data.invoices.map((invoice) => (
                  <InvoiceRow key={invoice._id} invoice={invoice} />
                ))}
              </ul>
            </ProfileCard>
          ) : null}
          {billing.data.credit &&
          (billing.data.credit.balanceCents > 0 || billing.data.credit.entries.length > 0) ? (
            <ProfileCard id="billing-credit" title="Account credit">
              <AccountCreditSummary credit={billing.data.credit} />
            </ProfileCard>
          ) : null}
          {billing.data.subscriptions.length > 0 ? (
            <ProfileCard id="billing-plans" title="Plans">
              <ul>
                {billing.data.subscriptions.map((plan) => (
                  <PlanRow key={plan._id} plan={plan} />
                ))}
              </ul>
            </ProfileCard>
          ) : null}
          <ProfileCard id="billing-documents" title="Invoices and adjustment notes">
            {billing.data.documents.length === 0 ? (
              <p className="text-muted">
                Your tax invoices will show up here after your first payment.
              </p>
            ) : (
              <ul>
                {billing.data.documents.map((document) => (
                  <DocumentRow key={document.url} document={document} />
                ))}
              </ul>
            )}
          </ProfileCard>
          {cardSection ? (
            <ProfileCard id="billing-card" title="Card on file">
              {cardSection}
            </ProfileCard>
          ) : null}
        </div>
      )}
    </CustomerPage>
  );
}
