import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  billPaymentMethodLabels,
  markBillPaidRequest,
  reverseBillPaymentRequest,
  type Bill,
  type BillPayment,
  type BillRequest,
} from '@noise/shared/bills';
import { localDate } from '@noise/shared/dates';
import type { z } from 'zod';
import { formatMoney, formatMoneyGst } from '@noise/shared/pricing';
import { BillStatusPill } from '@/components/payments/bill-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Form, FormAlert, FormField } from '@/components/ui/form';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { downloadFile } from '@/lib/download';
import { formatDate } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { usePageMeta } from '@/lib/use-page-meta';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormErrorAlert } from '../../components/form-error';
import { StaffPageHeader, StaffSection } from '../../components/page-header';
import { invoiceKey, useInvoice } from '../api/get-invoice';
import { invoicesKey } from '../api/get-invoices';
import { runInvoiceAction, useInvoiceAction } from '../api/invoice-actions';
import { useSaveInvoice } from '../api/save-invoice';
import { InvoiceForm } from '../components/invoice-form';

const back = { to: '/wkm-dashboard/invoices', label: 'All invoices' };

function Lines({ bill }: { bill: Bill }) {
  return (
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Lines of invoice {bill.number}</caption>
        <thead className="text-left text-muted">
          <tr>
            <th className="py-2 font-semibold">Description</th>
            <th className="hidden py-2 text-right font-semibold sm:table-cell">Qty</th>
            <th className="hidden py-2 text-right font-semibold sm:table-cell">Unit</th>
            <th className="hidden py-2 text-right font-semibold sm:table-cell">GST</th>
            <th className="py-2 text-right font-semibold">Amount</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {bill.lines.map((line, i) => (
            <tr key={i} className="border-t border-line">
              <td className="py-2 pr-3 break-words">
                {line.description}
                {/* On a phone the quantity, unit price and GST go under the description. */}
                <span className="block text-xs text-muted sm:hidden">
                  {line.quantityHundredths / 100} × {formatMoney(line.unitCents, bill.currency)}
                  {line.gst ? ` · GST ${formatMoney(line.gstCents, bill.currency)}` : ' · GST-free'}
                </span>
              </td>
              <td className="hidden py-2 text-right sm:table-cell">
                {line.quantityHundredths / 100}
              </td>
              <td className="hidden py-2 text-right sm:table-cell">
                {formatMoney(line.unitCents, bill.currency)}
              </td>
              <td className="hidden py-2 text-right sm:table-cell">
                {line.gst ? formatMoney(line.gstCents, bill.currency) : 'GST-free'}
              </td>
              <td className="py-2 text-right">{formatMoney(line.netCents, bill.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 ml-auto grid w-fit grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
        <dt className="text-muted">Subtotal</dt>
        <dd className="text-right">{formatMoney(bill.subtotalCents, bill.currency)}</dd>
        <dt className="text-muted">GST</dt>
        <dd className="text-right">{formatMoney(bill.gstCents, bill.currency)}</dd>
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold">{formatMoney(bill.totalCents, bill.currency)}</dd>
        {bill.paidCents > 0 ? (
          <>
            <dt className="text-muted">Paid</dt>
            <dd className="text-right">{formatMoney(bill.paidCents, bill.currency)}</dd>
          </>
        ) : null}
        <dt className="font-bold">Due</dt>
        <dd className="text-right font-bold">{formatMoney(bill.dueCents, bill.currency)}</dd>
      </dl>
    </div>
  );
}

function DocumentButton({ url, name }: { url: string; name: string }) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      onClick={() =>
        void downloadFile(url, `${name}.pdf`).catch(() =>
          toastError(`${name} could not be downloaded`, ''),
        )
      }
    >
      <Download aria-hidden="true" />
      {name}
    </Button>
  );
}

function PaymentRow({
  bill,
  payment,
  onReverse,
}: {
  bill: Bill;
  payment: BillPayment;
  onReverse: (payment: BillPayment) => void;
}) {
  return (
    <li className="flex flex-col gap-3 border-t-2 border-ink/10 py-4 first:border-t-0 first:pt-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-bold">
          {formatMoneyGst(payment.amountCents, 'inc', bill.currency)} ·{' '}
          {billPaymentMethodLabels[payment.method]}
        </p>
        <p className="text-sm break-words text-muted">
          Received {formatDate(payment.receivedAt)}
          {payment.reference ? ` · Reference ${payment.reference}` : ''}
          {payment.reversal
            ? ` · Reversed ${formatDate(payment.reversal.createdAt)} (${payment.reversal.noteNumber})`
            : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <DocumentButton url={payment.invoiceUrl} name={payment.invoiceNumber} />
        {payment.reversal ? (
          <DocumentButton url={payment.reversal.url} name={payment.reversal.noteNumber} />
        ) : payment.method !== 'card' ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onReverse(payment)}>
            Reverse<span className="sr-only"> payment {payment.invoiceNumber}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** 'Mark as paid': how, when and the payer's reference. */
function MarkPaidDialog({
  bill,
  open,
  onOpenChange,
}: {
  bill: Bill;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const action = useInvoiceAction(bill._id);
  const form = useForm<
    z.input<typeof markBillPaidRequest>,
    unknown,
    z.output<typeof markBillPaidRequest>
  >({
    resolver: zodResolver(markBillPaidRequest),
    defaultValues: { method: 'bank_transfer', receivedOn: localDate(new Date()), reference: '' },
  });

  async function submit(body: z.output<typeof markBillPaidRequest>) {
    await action.mutateAsync({ kind: 'mark-paid', body });
    toastSuccess(`Invoice ${bill.number} marked as paid`);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (action.isPending ? null : onOpenChange(next))}>
      <DialogContent
        title="Mark as paid"
        description={`Record ${formatMoneyGst(bill.dueCents, 'inc', bill.currency)} received outside the card payment. The customer gets the tax invoice and a receipt.`}
      >
        <Form
          form={form}
          serverFields={['method', 'receivedOn', 'reference']}
          onSubmit={submit}
          className="grid gap-5"
        >
          <FormField
            control={form.control}
            name="method"
            render={(field) => (
              <Select
                label="How it was paid"
                options={[
                  { value: 'bank_transfer', label: 'Bank transfer' },
                  { value: 'cash', label: 'Cash' },
                ]}
                {...field}
              />
            )}
          />
          <FormField
            control={form.control}
            name="receivedOn"
            render={(field) => <TextInput label="Date received" type="date" {...field} />}
          />
          <FormField
            control={form.control}
            name="reference"
            render={(field) => (
              <TextInput
                label="Reference"
                hint="What the payer wrote on the transfer, or a receipt number."
                {...field}
              />
            )}
          />
          <FormAlert />
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              type="button"
              variant="outline"
              disabled={action.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={action.isPending}>
              {action.isPending ? 'Recording...' : 'Mark as paid'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function ReverseDialog({
  bill,
  payment,
  onClose,
}: {
  bill: Bill;
  payment: BillPayment | null;
  onClose: () => void;
}) {
  const action = useInvoiceAction(bill._id);
  const form = useForm<z.infer<typeof reverseBillPaymentRequest>>({
    resolver: zodResolver(reverseBillPaymentRequest),
    defaultValues: { reason: '' },
  });

  async function submit({ reason }: z.infer<typeof reverseBillPaymentRequest>) {
    if (!payment) return;
    await action.mutateAsync({ kind: 'reverse', paymentId: payment._id, reason });
    toastSuccess('Payment reversed');
    form.reset({ reason: '' });
    onClose();
  }

  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(next) => (next || action.isPending ? null : onClose())}
    >
      <DialogContent
        title="Reverse this payment?"
        description="For a mark made in error. The payment stays on record, an adjustment note cancels it, and the invoice is unpaid again."
      >
        <Form form={form} serverFields={['reason']} onSubmit={submit} className="grid gap-5">
          <FormField
            control={form.control}
            name="reason"
            render={(field) => <TextInput label="Reason" {...field} />}
          />
          <FormAlert />
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose} disabled={action.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={action.isPending}>
              Reverse payment
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** A sent, paid or void invoice: read-only, with what can still be done to it. */
function InvoiceDetail({ bill }: { bill: Bill }) {
  const action = useInvoiceAction(bill._id);
  const [marking, setMarking] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const [reversing, setReversing] = useState<BillPayment | null>(null);
  const unpaid = bill.status === 'sent' || bill.status === 'overdue';
  return (
    <div className="grid min-w-0 gap-8">
      <StaffSection
        title="Invoice"
        className="min-w-0"
        description={
          <span className="flex flex-wrap items-center gap-2">
            <BillStatusPill status={bill.status} />
            <span>
              For {bill.customer.name} ({bill.customer.email}) · due {formatDate(bill.dueDate)}
              {bill.sentAt ? ` · sent ${formatDate(bill.sentAt)}` : ''}
            </span>
          </span>
        }
      >
        <Lines bill={bill} />
        {bill.note ? (
          <p className="mt-4 text-sm break-words whitespace-pre-line">{bill.note}</p>
        ) : null}
      </StaffSection>

      {unpaid ? (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setMarking(true)}>Mark as paid</Button>
          <Button
            variant="outline"
            disabled={action.isPending}
            onClick={() =>
              action.mutate(
                { kind: 'send' },
                { onSuccess: () => toastSuccess(`Invoice ${bill.number} sent again`) },
              )
            }
          >
            Send again
          </Button>
          {bill.payUrl ? (
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(bill.payUrl!)
                  .then(() => toastSuccess('Pay link copied'))
              }
            >
              <Copy aria-hidden="true" />
              Copy pay link
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => setVoiding(true)}>
            Void
          </Button>
        </div>
      ) : null}
      {action.isError ? <FormErrorAlert error={action.error} /> : null}

      <StaffSection title="Payments" className="min-w-0">
        {bill.payments.length === 0 ? (
          <p className="text-muted">No payment yet.</p>
        ) : (
          <ul>
            {bill.payments.map((payment) => (
              <PaymentRow
                key={payment._id}
                bill={bill}
                payment={payment}
                onReverse={setReversing}
              />
            ))}
          </ul>
        )}
      </StaffSection>

      <MarkPaidDialog bill={bill} open={marking} onOpenChange={setMarking} />
      <ReverseDialog bill={bill} payment={reversing} onClose={() => setReversing(null)} />
      <ConfirmDialog
        open={voiding}
        onOpenChange={setVoiding}
        title={`Void invoice ${bill.number}?`}
        description="The customer can no longer pay it and it stops showing as due. This cannot be undone."
        confirmLabel="Void invoice"
        onConfirm={async () => {
          await action.mutateAsync({ kind: 'void' });
          toastSuccess(`Invoice ${bill.number} voided`);
        }}
      />
    </div>
  );
}

/** /wkm-dashboard/invoices/new and /wkm-dashboard/invoices/{id} (docs/product.md#invoices). */
export function InvoiceRoute() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const invoice = useInvoice(isNew ? undefined : id);
  const save = useSaveInvoice(isNew ? undefined : id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sendError, setSendError] = useState<unknown>(null);
  const bill = invoice.data;
  usePageMeta(isNew ? 'New invoice' : bill ? `Invoice ${bill.number}` : 'Invoice');

  /** Saves, then sends: a refused save is thrown to the form, which keeps what was typed. */
  async function onSave(body: BillRequest, then: 'save' | 'send') {
    setSendError(null);
    const saved = await save.mutateAsync(body);
    if (then === 'send') {
      try {
        const sent = await runInvoiceAction(saved._id, { kind: 'send' });
        queryClient.setQueryData(invoiceKey(sent._id), sent);
        void queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] });
        toastSuccess(`Invoice ${sent.number} sent to ${sent.customer.email}`);
      } catch (error) {
        // Saved, not sent: the form says so, where it is after the move to the new invoice too.
        setSendError(error);
      }
    } else {
      toastSuccess(`Draft ${saved.number} saved`);
    }
    if (isNew) navigate(`/wkm-dashboard/invoices/${saved._id}`, { replace: true });
  }

  const title = isNew ? 'New invoice' : bill ? `Invoice ${bill.number}` : 'Invoice';
  return (
    <div className="max-w-4xl">
      <StaffPageHeader title={title} back={back} />
      {isNew || bill?.status === 'draft' ? (
        <InvoiceForm key={bill?._id ?? 'new'} bill={bill} sendError={sendError} onSave={onSave} />
      ) : bill ? (
        <InvoiceDetail bill={bill} />
      ) : invoice.isError ? (
        <FormErrorAlert error={invoice.error} />
      ) : (
        <Skeleton className="h-96 rounded-card" />
      )}
    </div>
  );
}
