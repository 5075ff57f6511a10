import { intervalTerms } from '@noise/shared/intervals';
import { paymentKindLabel, type OrderMoney } from '@noise/shared/order-money';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { subscriptionStatusLabels, type ProjectPayment } from '@noise/shared/payments';
import { DeclineNotice } from '@/components/payments/decline-notice';
import { pausedWords } from '@/components/payments/pause-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, toastApiError } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { useCancelSubscription, useProjectPayments, useSubscription } from '../api/project-billing';
import { downloadFile } from '@/lib/download';
import { PauseControls } from './pause-controls';
import { PlanChangeControls } from './plan-change';

/** Downloads one of the project's documents (a tax invoice, an adjustment note) as a PDF. */
function DocumentButton({ url, number, label }: { url: string; number: string; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(url, `${number}.pdf`);
        } catch (error) {
          toastApiError(error, `Could not download the ${label.toLowerCase()}`);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download aria-hidden="true" />
      {busy ? 'Downloading...' : `${label} (PDF)`}{' '}
      {/* Which document, for a screen reader listing the buttons; after the words on screen, so
          the name still starts with them (WCAG 2.5.3). */}
      <span className="sr-only">{number}</span>
    </Button>
  );
}

/** A payment's refunds that went through or are on their way, each with its adjustment note. */
function Refunds({ payment }: { payment: ProjectPayment }) {
  const shown = payment.refunds.filter((refund) => refund.status !== 'failed');
  if (!shown.length) return null;
  return (
    <ul className="mt-2 flex w-full flex-col gap-2">
      {shown.map((refund) => (
        <li key={refund._id} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            <span className="font-semibold text-danger tabular-nums">
              {refund.status === 'pending' ? 'Refund on its way' : 'Refunded'}{' '}
              {formatMoney(refund.amountCents)}
            </span>{' '}
            <span className="text-muted">
              · {formatDate(refund.createdAt)} · {refund.noteNumber}
            </span>
          </p>
          {refund.noteUrl ? (
            <DocumentButton
              url={refund.noteUrl}
              number={refund.noteNumber}
              label="Adjustment note"
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The project's charges, each with its tax invoice, and their refunds with adjustment notes. */
export function ProjectPayments({ projectId, money }: { projectId: string; money: OrderMoney }) {
  const payments = useProjectPayments(projectId);
  if (payments.isPending) return <Spinner label="Loading payments" />;
  if (payments.isError) {
    return (
      <p className="text-danger">Payments could not be loaded: {errorMessage(payments.error)}</p>
    );
  }
  if (payments.data.length === 0) return <p className="text-muted">No payments yet.</p>;
  return (
    <ul className="flex flex-col divide-y-2 divide-line">
      {payments.data.map((payment) => (
        <li key={payment._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div>
            <p className="font-semibold">
              {paymentKindLabel(payment.kind, money)} ·{' '}
              <span className="tabular-nums">{formatMoney(payment.amountCents)}</span>{' '}
              <span className="text-sm font-normal text-muted">
                inc. {formatMoney(payment.gstCents)} GST
              </span>
            </p>
            <p className="text-sm text-muted">
              {formatDate(payment.createdAt)} · {payment.invoiceNumber}
              {payment.discountCents > 0
                ? ` · Discount code took off ${formatMoney(payment.discountCents)} exc. GST`
                : ''}
            </p>
          </div>
          <DocumentButton url={payment.invoiceUrl} number={payment.invoiceNumber} label="Invoice" />
          <Refunds payment={payment} />
        </li>
      ))}
    </ul>
  );
}

/** A recurring package's subscription: the next charge, changing its package, and stopping it. */
export function ProjectSubscription({
  projectId,
  serviceTitle,
}: {
  projectId: string;
  /** What the pause dialog names ('Pause Social Media?'). */
  serviceTitle: string;
}) {
  const subscription = useSubscription(projectId);
  const cancel = useCancelSubscription(projectId);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');

  if (subscription.isPending) return <Spinner label="Loading the subscription" />;
  if (subscription.isError) {
    return (
      <p className="text-danger">
        The subscription could not be loaded: {errorMessage(subscription.error)}
      </p>
    );
  }
  const data = subscription.data;
  if (!data) return <p className="text-muted">This package has no active subscription.</p>;
  const every = intervalTerms(data.interval).period;

  return (
    <div>
      <dl className="flex flex-col gap-1.5">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Package</dt>
          <dd className="text-right font-semibold break-words">{data.packageTitle}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Amount</dt>
          <dd className="font-semibold tabular-nums">
            {formatMoney(data.amountCents)} inc. GST every {every}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Status</dt>
          <dd className="font-semibold">
            {data.status === 'paused' ? pausedWords(data) : subscriptionStatusLabels[data.status]}
          </dd>
        </div>
        {data.nextChargeAt && data.status !== 'paused' ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Next charge</dt>
            <dd className="font-semibold">{formatDate(data.nextChargeAt)}</dd>
          </div>
        ) : null}
        {data.cancelledAt ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Cancelled on</dt>
            <dd className="font-semibold">{formatDate(data.cancelledAt)}</dd>
          </div>
        ) : null}
      </dl>
      <DeclineNotice subscription={data} cardHref="/dashboard/billing#billing-card" />
      {data.status !== 'cancelled' ? (
        <div className="mt-4 flex flex-wrap items-start gap-3">
          <PlanChangeControls subscription={data} />
          <PauseControls subscription={data} serviceTitle={serviceTitle} />
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        </div>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={(next) => {
          if (cancel.isPending) return;
          setFailure('');
          setConfirming(next);
        }}
      >
        <DialogContent
          role="alertdialog"
          title="Cancel this subscription?"
          description="There will be no further charges. The period you have paid for is not refunded and your team works until it ends."
        >
          {failure ? (
            <p
              role="alert"
              className="mb-5 rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
            >
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              variant="ghost"
              disabled={cancel.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep subscription
            </Button>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={async () => {
                setFailure('');
                try {
                  await cancel.mutateAsync();
                  setConfirming(false);
                  toastSuccess('Subscription cancelled');
                } catch (error) {
                  setFailure(errorMessage(error));
                }
              }}
            >
              {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
