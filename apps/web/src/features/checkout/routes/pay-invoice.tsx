import { CircleCheck, Landmark, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicBill } from '@noise/shared/bills';
import { newIdempotencyKey } from '@noise/shared/payments';
import { formatMoney, formatMoneyGst } from '@noise/shared/pricing';
import type { CardHandle } from '@/components/payments/card-entry';
import { BillStatusPill } from '@/components/payments/bill-status';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { usePageMeta } from '@/lib/use-page-meta';
import { authenticateSandboxPayment } from '../api/pay';
import {
  confirmInvoicePayment,
  payableInvoiceKey,
  payInvoice,
  usePayableInvoice,
} from '../api/pay-invoice';
import { CardPanel } from '../components/card-panel';
import { CheckoutLoadFailed } from '../components/checkout-page';
import { ThreeDSecureDialog } from '../components/three-d-secure-dialog';

function InvoiceDocument({ bill, from }: { bill: PublicBill; from: string }) {
  return (
    <article className="min-w-0 self-start rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-muted">From {from}</p>
          <p className="mt-1 text-sm break-words text-muted">
            To {bill.customerName}
            {bill.companyName ? `, ${bill.companyName}` : ''}
          </p>
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-2">
          <BillStatusPill status={bill.status} />
          <p className="text-sm">Due {formatDate(bill.dueDate)}</p>
        </div>
      </div>
      <ul className="mt-6 grid gap-3">
        {bill.lines.map((line, i) => (
          <li
            key={i}
            className="flex min-w-0 items-start justify-between gap-4 border-t border-line pt-3"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words">{line.description}</p>
              <p className="text-sm text-muted">
                {line.quantityHundredths / 100} × {formatMoney(line.unitCents, bill.currency)}
                {line.gst ? ` + GST ${formatMoney(line.gstCents, bill.currency)}` : ' · GST-free'}
              </p>
            </div>
            <p className="shrink-0 font-semibold tabular-nums">
              {formatMoney(line.totalCents, bill.currency)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-6 ml-auto grid w-fit grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{formatMoney(bill.subtotalCents, bill.currency)}</dd>
        <dt className="text-muted">GST</dt>
        <dd className="text-right">{formatMoney(bill.gstCents, bill.currency)}</dd>
        <dt className="text-base font-extrabold">Total</dt>
        <dd className="text-right text-base font-extrabold">
          {formatMoney(bill.totalCents, bill.currency)}
        </dd>
      </dl>
      {bill.note ? (
        <p className="mt-6 rounded-2xl bg-canvas p-4 text-sm break-words whitespace-pre-line">
          {bill.note}
        </p>
      ) : null}
    </article>
  );
}

/** The card: the checkout's card form and its bank check (3-D Secure), for this invoice. */
function PayByCard({
  bill,
  token,
  onPaid,
}: {
  bill: PublicBill;
  token: string;
  onPaid: () => void;
}) {
  const [card, setCard] = useState<CardHandle | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{
    clientSecret: string;
    paymentIntentId: string;
  } | null>(null);
  const amount = formatMoneyGst(bill.dueCents, 'inc', bill.currency);

  async function finish(paymentIntentId: string) {
    const answer = await confirmInvoicePayment(bill._id, { token, paymentIntentId });
    if (answer.status === 'paid') onPaid();
  }

  async function pay() {
    if (!card) return;
    setBusy(true);
    setFailure(null);
    try {
      const method = await card.createPaymentMethod();
      if ('error' in method) {
        setFailure(method.error);
        return;
      }
      const answer = await payInvoice(bill._id, {
        token,
        paymentMethodId: method.paymentMethodId,
        idempotencyKey: newIdempotencyKey(),
      });
      if (answer.status === 'paid') return onPaid();
      if (card.handleNextAction) {
        const checked = await card.handleNextAction(answer.clientSecret);
        if (checked.error) return setFailure(checked.error);
        return await finish(answer.paymentIntentId);
      }
      setChallenge(answer);
    } catch (error) {
      setFailure(errorMessage(error, 'The payment was not completed.'));
    } finally {
      setBusy(false);
    }
  }

  async function answerChallenge(outcome: 'approve' | 'fail') {
    if (!challenge) return;
    setBusy(true);
    try {
      await authenticateSandboxPayment(challenge.clientSecret, outcome);
      setChallenge(null);
      await finish(challenge.paymentIntentId);
    } catch (error) {
      setChallenge(null);
      setFailure(errorMessage(error, 'The payment was not completed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardPanel
      id="pay-by-card"
      title="Pay by card"
      busy={busy}
      ready={card !== null}
      failure={failure}
      action={`Pay ${amount}`}
      onCard={setCard}
      onAction={() => void pay()}
    >
      <ThreeDSecureDialog
        open={challenge !== null}
        amount={amount}
        busy={busy}
        onAnswer={(outcome) => void answerChallenge(outcome)}
      />
    </CardPanel>
  );
}

function PayByTransfer({ bill }: { bill: PublicBill }) {
  if (!bill.bank) return null;
  const rows: [string, string][] = [
    ['Account name', bill.bank.accountName],
    ['BSB', bill.bank.bsb],
    ['Account number', bill.bank.accountNumber],
    ['Reference', bill.number],
    ['Amount', formatMoney(bill.dueCents, bill.currency)],
  ];
  return (
    <section
      aria-labelledby="pay-by-transfer"
      className="min-w-0 rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
    >
      <h2 id="pay-by-transfer" className="flex items-center gap-2 text-2xl font-extrabold">
        <Landmark aria-hidden="true" className="size-5 shrink-0 text-muted" />
        Or pay by bank transfer
      </h2>
      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold break-words tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-muted">
        Please use the reference so we can match your payment. We mark the invoice paid and email
        your receipt once it arrives.
      </p>
    </section>
  );
}

/**
 * /pay/invoice/{id}?t=: the page an invoice's email links to (docs/product.md#invoices). The
 * invoice, then the card form and the bank details; no account or sign-in needed, as the
 * link's signature opens it.
 */
export function PayInvoiceRoute() {
  const { invoiceId = '' } = useParams();
  const location = useLocation();
  const [token] = useState(() => new URLSearchParams(location.search).get('t') ?? '');
  const invoice = usePayableInvoice(invoiceId, token);
  const queryClient = useQueryClient();
  const from = useSiteConfig().data?.companyName ?? '';
  // A signed-in client who paid from their dashboard (an extra request) goes back to it.
  const { isAuthenticated } = useAuth();
  const bill = invoice.data;
  usePageMeta(bill ? `Invoice ${bill.number}` : 'Invoice', undefined, { noindex: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        {bill ? `Invoice ${bill.number}` : 'Invoice'}
      </h1>
      {invoice.isPending ? (
        <div className="mt-8">
          <Spinner label="Loading the invoice" />
        </div>
      ) : invoice.isError ? (
        <CheckoutLoadFailed
          message={
            isNotFound(invoice.error)
              ? 'This link does not open an invoice. Please open the link from the email again.'
              : errorMessage(invoice.error, 'The invoice could not be loaded.')
          }
          onRetry={isNotFound(invoice.error) ? undefined : () => void invoice.refetch()}
        />
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[1.25fr_1fr] lg:gap-12">
          <InvoiceDocument bill={invoice.data} from={from} />
          <div className="grid min-w-0 content-start gap-6">
            {invoice.data.status === 'paid' ? (
              <div role="status" className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
                <CircleCheck aria-hidden="true" className="size-10 text-success" />
                <h2 className="mt-3 text-2xl font-extrabold">Paid — thank you</h2>
                <p className="mt-2 text-muted">
                  Your receipt and tax invoice are on their way by email.
                </p>
                {isAuthenticated ? (
                  <Link
                    to="/dashboard"
                    className="mt-4 inline-block font-semibold text-accent-strong underline"
                  >
                    Back to your dashboard
                  </Link>
                ) : null}
              </div>
            ) : invoice.data.status === 'void' ? (
              <div role="status" className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
                <XCircle aria-hidden="true" className="size-10 text-muted" />
                <h2 className="mt-3 text-2xl font-extrabold">This invoice was cancelled</h2>
                <p className="mt-2 text-muted">There is nothing to pay.</p>
              </div>
            ) : (
              <>
                <PayByCard
                  bill={invoice.data}
                  token={token}
                  onPaid={() =>
                    void queryClient.invalidateQueries({ queryKey: payableInvoiceKey(invoiceId) })
                  }
                />
                <PayByTransfer bill={invoice.data} />
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
