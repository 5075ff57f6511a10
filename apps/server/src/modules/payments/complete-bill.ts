import { billMoney, billNumberOf, billPaid, billPaymentMethodLabels } from '@noise/shared/bills';
import type { Repositories } from '../../repositories.ts';
import { billReceipt } from '../emails/bills.ts';
import { invoiceTitle } from '../invoices/render-invoice.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { emitWebhookEvent } from '../webhooks/deliver-webhook.ts';
import type { CompletionDeps } from './complete-order.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';
import type { ProviderPayment } from './providers/provider.ts';
import type { AttemptRow, PaymentRow } from './repository.ts';

/**
 * What follows any payment of a staff invoice (docs/decisions/093), by card or marked by staff,
 * in its transaction: `invoice.paid` once its payments cover it, and the receipt with the
 * payment's tax invoice attached. `repos` are bound to that transaction.
 */
export async function announceBillPayment(
  repos: Repositories,
  deps: Pick<CompletionDeps, 'companyName' | 'publicUrl' | 'abn'>,
  payment: PaymentRow,
) {
  const found = payment.billId ? await repos.bills.find(payment.billId) : undefined;
  if (!found) throw new Error(`Payment ${payment.id} names no bill`);
  const { bill, customer } = found;
  const money = billMoney(bill.lines);
  const paidCents = billPaid(await repos.bills.paymentsOf([bill.id]));
  const method =
    payment.provider === 'bank_transfer' ||
    payment.provider === 'cash' ||
    payment.provider === ACCOUNT_CREDIT
      ? payment.provider
      : 'card';
  const number = billNumberOf(bill.number);
  if (paidCents >= money.totalCents) {
    await emitWebhookEvent(repos, 'invoice.paid', {
      invoiceId: bill.id,
      number,
      customerId: customer.id,
      email: customer.email,
      currency: bill.currency,
      totalCents: money.totalCents,
      paidCents,
      dueCents: Math.max(money.totalCents - paidCents, 0),
      dueDate: bill.dueDate,
      paymentId: payment.id,
      method,
    });
  }
  await enqueueEmail(
    repos.jobs,
    {
      to: customer.email,
      ...billReceipt({
        companyName: deps.companyName,
        firstName: customer.firstName,
        number,
        documentName: invoiceTitle(deps.abn ?? '').toLowerCase(),
        currency: payment.currency,
        amountCents: payment.amountCents,
        gstCents: payment.gstCents,
        how:
          method === ACCOUNT_CREDIT
            ? 'from your account credit'
            : `by ${billPaymentMethodLabels[method].toLowerCase()}`,
        link: `${deps.publicUrl}/dashboard/billing`,
        leftCents: Math.max(money.totalCents - paidCents, 0),
      }),
      invoicePaymentId: payment.id,
    },
    `receipt:${payment.id}`,
  );
}

/**
 * Records a staff invoice paid by card, inside the checkout's transaction with the attempt
 * locked: a payment of kind 'bill' naming the bill, then the receipt and webhook. No project is
 * made and nothing of the account changes.
 */
export async function recordBillPayment(
  repos: Repositories,
  deps: Pick<CompletionDeps, 'companyName' | 'publicUrl' | 'abn'>,
  attempt: AttemptRow,
  payment: ProviderPayment,
): Promise<AttemptRow> {
  const bill = attempt.order.bill;
  if (!bill) throw new Error(`Attempt ${attempt.id} pays no bill`);
  const paymentRow = await repos.payments.insertAttemptPayment(attempt, payment.id, {
    projectId: null,
    kind: 'bill',
    subscriptionId: null,
    billId: bill.billId,
    receivedAt: new Date(),
  });
  await announceBillPayment(repos, deps, paymentRow);
  const updated = await repos.payments.updateAttempt(attempt.id, {
    state: 'succeeded',
    providerCustomerId: attempt.providerCustomerId ?? payment.customerId,
    providerPaymentId: payment.id,
    paymentId: paymentRow.id,
    failureMessage: null,
    lockedUntil: null,
  });
  return updated!;
}
