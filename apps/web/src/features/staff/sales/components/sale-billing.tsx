import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { paymentKindLabel, refundReasonLabels, type OrderMoney } from '@noise/shared/order-money';
import { subscriptionStatusLabels, type ProjectPayment } from '@noise/shared/payments';
import { can } from '@noise/shared/permissions';
import { formatMoneyGst } from '@noise/shared/pricing';
import { ChangePlanDialog } from '@/components/payments/change-plan-dialog';
import { DeclineNotice } from '@/components/payments/decline-notice';
import { PauseDialog, pausedWords } from '@/components/payments/pause-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatMoney } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { downloadFile } from '@/lib/download';
import { EmptyState, StaffSection } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useCancelSaleSubscription } from '../api/cancel-sale-subscription';
import { useSalePayments } from '../api/get-sale-payments';
import { useSaleSubscription } from '../api/get-sale-subscription';
import {
  useCancelSalePlanChange,
  useChangeSalePlan,
  usePauseSalePlan,
  useResumeSalePlan,
  useSalePlanOptions,
} from '../api/change-sale-plan';
import { RefundDialog } from './refund-dialog';

const paymentStatusLabels: Record<string, string> = {
  succeeded: 'Paid',
  failed: 'Failed',
  pending: 'Pending',
  requires_action: 'Awaiting the customer',
};

function InvoiceButton({ payment }: { payment: ProjectPayment }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(payment.invoiceUrl, `${payment.invoiceNumber}.pdf`);
    } catch (error) {
      toastApiError(error, 'Could not download the invoice');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="ghost" size="sm" onClick={() => void download()} disabled={busy}>
      <FileDown aria-hidden="true" />
      Invoice<span className="sr-only"> {payment.invoiceNumber}</span>
    </Button>
  );
}

const refundStatusLabels = {
  succeeded: 'Refunded',
  pending: 'Refund pending',
  failed: 'Refund failed',
};

/** A payment's refunds, each with its amount, who made it and why. */
function PaymentRefunds({ payment }: { payment: ProjectPayment }) {
  if (!payment.refunds.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-sm">
      {payment.refunds.map((refund) => (
        <li key={refund._id} className={refund.status === 'failed' ? 'text-muted' : 'text-danger'}>
          <span className="font-semibold tabular-nums">
            {refundStatusLabels[refund.status]} {formatMoney(refund.amountCents, refund.currency)}
            {refund.to === 'credit' ? ' as account credit' : ''}
          </span>{' '}
          <span className="text-muted">
            · {formatDate(refund.createdAt)} · {refundReasonLabels[refund.reason]}
            {refund.note ? `: ${refund.note}` : ''}
            {refund.createdByName ? ` · by ${refund.createdByName}` : ''} · {refund.noteNumber}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sale's charges (first payment and renewals), each with its tax invoice and its refunds;
 * super-admins and admins may refund what is left of one (co-ordinators see refunds only).
 */
export function SalePayments({
  saleId,
  recurring,
  money,
  canCredit,
}: {
  saleId: string;
  recurring: boolean;
  money: OrderMoney;
  /** The sale belongs to a client company, which can hold account credit. */
  canCredit: boolean;
}) {
  const { userRole } = useAuth();
  const payments = useSalePayments(saleId);
  const subscription = useSaleSubscription(saleId, recurring);
  const [refunding, setRefunding] = useState<ProjectPayment | null>(null);
  useToastOnError(payments.error, 'Could not load the payments');
  const mayRefund = can(userRole, 'payments:refund');
  return (
    <StaffSection title="Payments">
      {payments.isPending ? (
        <Skeleton className="h-16" />
      ) : payments.isError ? (
        <EmptyState title="Payments could not be loaded">
          <Button variant="link" onClick={() => void payments.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : payments.data.length === 0 ? (
        <EmptyState title="No payments recorded" />
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {payments.data.map((payment) => (
            <li
              key={payment._id}
              className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0">
                <p className="font-semibold tabular-nums">
                  {formatMoneyGst(payment.amountCents, 'inc', payment.currency)}{' '}
                  <span className="text-sm font-normal text-muted">
                    (GST {formatMoney(payment.gstCents, payment.currency)})
                  </span>
                </p>
                <p className="text-xs text-muted">
                  {paymentKindLabel(payment.kind, money)} · {formatDate(payment.createdAt)} ·{' '}
                  {paymentStatusLabels[payment.status] ?? payment.status} · {payment.invoiceNumber}
                  {payment.creditCents > 0
                    ? ` · ${formatMoney(payment.creditCents, payment.currency)} from account credit`
                    : ''}
                </p>
                <PaymentRefunds payment={payment} />
              </div>
              <div className="flex flex-wrap gap-2">
                {mayRefund && payment.refundableCents > 0 ? (
                  <Button variant="outline" size="sm" onClick={() => setRefunding(payment)}>
                    Refund<span className="sr-only"> {payment.invoiceNumber}</span>
                  </Button>
                ) : null}
                {payment.status === 'succeeded' ? <InvoiceButton payment={payment} /> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {refunding ? (
        <RefundDialog
          saleId={saleId}
          payment={refunding}
          canCancelSubscription={Boolean(
            subscription.data && subscription.data.status !== 'cancelled',
          )}
          canCredit={canCredit}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </StaffSection>
  );
}

/**
 * A recurring package's subscription: its package and next charge, changing its package (staff
 * who refund may waive the prorated charge), and cancelling it after a confirmation.
 */
export function SaleSubscription({ saleId, recurring }: { saleId: string; recurring: boolean }) {
  const { userRole } = useAuth();
  const subscription = useSaleSubscription(saleId, recurring);
  const cancel = useCancelSaleSubscription(saleId);
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const options = useSalePlanOptions(saleId, changing);
  const change = useChangeSalePlan(saleId);
  const cancelChange = useCancelSalePlanChange(saleId);
  const [pausing, setPausing] = useState(false);
  const pause = usePauseSalePlan(saleId);
  const resume = useResumeSalePlan(saleId);
  useToastOnError(subscription.error, 'Could not load the subscription');
  if (!recurring || subscription.isPending || subscription.data === null) return null;
  if (subscription.isError) return null;
  const sub = subscription.data;
  return (
    <StaffSection title="Subscription">
      <dl className="grid grid-cols-2 gap-4">
        <div className="col-span-2">
          <dt className="text-xs font-bold tracking-wide text-muted uppercase">Package</dt>
          <dd className="mt-1 font-semibold break-words">
            {sub.packageTitle}
            {sub.pendingChange ? (
              <span className="block text-sm font-normal text-muted">
                Changes to {sub.pendingChange.packageTitle} on{' '}
                {formatDate(sub.pendingChange.effectiveAt)}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold tracking-wide text-muted uppercase">Status</dt>
          <dd className="mt-1 font-semibold">
            {sub.status === 'paused' ? pausedWords(sub) : subscriptionStatusLabels[sub.status]}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-bold tracking-wide text-muted uppercase">Amount</dt>
          <dd className="mt-1 tabular-nums">
            {formatMoneyGst(sub.amountCents, 'inc', sub.currency)} {sub.interval}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs font-bold tracking-wide text-muted uppercase">Next charge</dt>
          <dd className="mt-1">
            {sub.status === 'cancelled'
              ? `None: cancelled${sub.cancelledAt ? ` on ${formatDate(sub.cancelledAt)}` : ''}`
              : sub.status === 'paused'
                ? 'None while paused: it moves on by the pause when the plan resumes'
                : sub.nextChargeAt
                  ? formatDate(sub.nextChargeAt)
                  : '—'}
          </dd>
        </div>
      </dl>
      {/* A declined renewal: when, why and the next try (the client gets the card link). */}
      <DeclineNotice subscription={sub} />
      {sub.status !== 'cancelled' ? (
        <div className="mt-5 flex flex-wrap gap-3">
          {sub.pendingChange ? (
            <Button
              variant="outline"
              disabled={cancelChange.isPending}
              onClick={async () => {
                try {
                  await cancelChange.mutateAsync();
                  toastSuccess(`The plan stays on ${sub.packageTitle}`);
                } catch (error) {
                  toastApiError(error, 'The change could not be cancelled');
                }
              }}
            >
              Cancel change
            </Button>
          ) : sub.status === 'active' ? (
            <Button variant="outline" onClick={() => setChanging(true)}>
              Change plan
            </Button>
          ) : null}
          {sub.status === 'paused' ? (
            <Button
              variant="outline"
              disabled={resume.isPending}
              onClick={async () => {
                try {
                  const resumed = await resume.mutateAsync();
                  toastSuccess(
                    `The plan runs again${resumed.nextChargeAt ? `: next charge ${formatDate(resumed.nextChargeAt)}` : ''}`,
                  );
                } catch (error) {
                  toastApiError(error, 'The plan could not be resumed');
                }
              }}
            >
              {resume.isPending ? 'Resuming...' : 'Resume'}
            </Button>
          ) : sub.status === 'active' && sub.declines === 0 && !sub.pendingChange ? (
            <Button variant="outline" onClick={() => setPausing(true)}>
              Pause
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        </div>
      ) : null}
      <PauseDialog
        open={pausing}
        onOpenChange={setPausing}
        serviceTitle="this plan"
        onPause={async (until) => {
          await pause.mutateAsync(until);
          toastSuccess(until ? 'The plan is paused until the day chosen' : 'The plan is paused');
        }}
      />
      <ChangePlanDialog
        open={changing}
        onOpenChange={setChanging}
        options={options.data}
        loadError={options.error}
        mayWaive={can(userRole, 'payments:refund')}
        onConfirm={async (choice) => {
          const changed = await change.mutateAsync(choice);
          toastSuccess(
            changed.pendingChange
              ? `The plan changes to ${changed.pendingChange.packageTitle} on ${formatDate(changed.pendingChange.effectiveAt)}`
              : `The plan is now ${changed.packageTitle}`,
          );
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this subscription?"
        description="The customer will not be charged again. Charges already made stay as they are."
        confirmLabel="Cancel subscription"
        onConfirm={async () => {
          await cancel.mutateAsync();
          toastSuccess('Subscription cancelled');
        }}
      />
    </StaffSection>
  );
}
