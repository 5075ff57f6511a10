import {
  billNumberOf,
  billPaid,
  billPaymentMethodLabels,
  type markBillPaidRequest,
} from '@noise/shared/bills';
import { endOfLocalDay } from '@noise/shared/dates';
import { formatDay } from '@noise/shared/format-day';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { adjustmentNoteNumberOf } from '../invoices/load-invoice.ts';
import { announceBillPayment } from '../payments/complete-bill.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';
import { billFigures, getBill, todayOf, type BillDeps } from './manage-bill.ts';
import { chargeOf } from './bill-charge.ts';

type MarkInput = z.output<typeof markBillPaidRequest>;

const MANUAL = new Set(['bank_transfer', 'cash']);

/** A day's noon in the business's zone: the moment a payment received that day is dated. */
const noonOf = (day: string, timeZone: string) =>
  new Date(endOfLocalDay(day, timeZone).getTime() + 1 - 12 * 3600_000);

async function auditBill(
  deps: BillDeps,
  actor: AuthUser,
  billId: string,
  entry: { action: string; summary: string; subjectUserId: string },
) {
  await deps.repos.audit.record({
    actorId: actor.id,
    ip: actor.ip,
    apiKey: actor.apiKey,
    actorName: await deps.repos.users.actorName(actor.id),
    entityType: 'bill',
    entityId: billId,
    ...entry,
  });
}

/**
 * 'Mark as paid' (docs/product.md#invoices): a payment received outside the card provider (a
 * bank transfer, cash) recorded as a payment of the bill, with the day it came and the payer's
 * reference, and its tax invoice and receipt like any other. The bill is locked while what is
 * paid of it is counted, so marking twice (or while a card payment goes through) is refused.
 */
export async function markBillPaid(
  deps: BillDeps & { completion: { companyName: string; publicUrl: string; abn?: string } },
  actor: AuthUser,
  id: string,
  input: MarkInput,
) {
  const tz = deps.config.businessTimeZone;
  if (input.receivedOn > todayOf(deps)) {
    const message = 'The day it was received cannot be in the future';
    throw badRequest(message, [{ path: 'receivedOn', message }]);
  }
  const recorded = await deps.repos.transaction(async (r) => {
    const locked = await r.bills.lock(id);
    if (!locked) throw notFound('Invoice not found');
    const found = (await r.bills.find(id))!;
    const payments = await r.bills.paymentsOf([id]);
    const figures = billFigures(locked, payments, todayOf(deps));
    if (figures.status === 'void') throw conflict('This invoice is void: it cannot be paid.');
    if (figures.status === 'paid') {
      const last = payments.filter((p) => p.status === 'succeeded').at(-1);
      const how = last
        ? ` (${billPaymentMethodLabels[MANUAL.has(last.provider) ? (last.provider as 'cash') : 'card'].toLowerCase()}, ${formatDay(last.receivedAt ?? last.createdAt, tz)})`
        : '';
      throw conflict(
        `This invoice is already paid${how}. To undo a mark made in error, reverse that payment.`,
      );
    }
    const live = await r.payments.findLiveBillAttempt(id);
    if (live && live.state !== 'succeeded') {
      throw conflict('A card payment of this invoice is under way: try again in a few minutes.');
    }
    const charge = chargeOf(found, figures.money, figures.dueCents);
    const payment = await r.bills.insertPayment({
      projectId: null,
      billId: id,
      userId: locked.customerId,
      provider: input.method,
      // Unique per provider: the payer's reference may repeat, the bill and the count do not.
      transactionId: `${billNumberOf(locked.number)}/${payments.length + 1}/${newId()}`,
      reference: input.reference,
      receivedAt: noonOf(input.receivedOn, tz),
      recordedById: actor.id,
      amountCents: charge.amountCents,
      gstCents: charge.gstCents,
      currency: locked.currency,
      status: 'succeeded',
      kind: 'bill',
      lineItems: charge.lineItems,
    });
    if (!payment) throw conflict('This payment was recorded already.');
    await announceBillPayment(r, deps.completion, payment);
    return { payment, customerId: locked.customerId, number: billNumberOf(locked.number) };
  });
  await auditBill(deps, actor, id, {
    action: 'bill.marked_paid',
    summary: `Marked invoice ${recorded.number} paid by ${billPaymentMethodLabels[input.method].toLowerCase()}${input.reference ? ` (reference ${input.reference})` : ''}`,
    subjectUserId: recorded.customerId,
  });
  return getBill(deps, id);
}

/**
 * A mark made in error is reversed, never edited or deleted (docs/decisions/093): an
 * adjustment note for the whole payment, recorded as a refund of it that went through, so the
 * bill is unpaid again and every report counts the money in and out. Card payments are
 * refunded with the provider instead.
 */
export async function reverseBillPayment(
  deps: BillDeps,
  actor: AuthUser,
  id: string,
  paymentId: string,
  reason: string,
) {
  const reversed = await deps.repos.transaction(async (r) => {
    const locked = await r.bills.lock(id);
    if (!locked) throw notFound('Invoice not found');
    const payment = (await r.bills.paymentsOf([id])).find((p) => p.id === paymentId);
    if (!payment || payment.status !== 'succeeded') throw notFound('Payment not found');
    const byCredit = payment.provider === ACCOUNT_CREDIT;
    if (!MANUAL.has(payment.provider) && !byCredit) {
      throw conflict('A card payment is refunded, not reversed: refund it instead.');
    }
    if (billPaid([payment]) <= 0) throw conflict('This payment was reversed already.');
    const refund = await r.bills.insertReversal({
      paymentId: payment.id,
      provider: payment.provider,
      // One reversal per payment, whatever the clicks.
      idempotencyKey: `reverse:${payment.id}`,
      amountCents: payment.amountCents,
      gstCents: payment.gstCents,
      currency: payment.currency,
      status: 'succeeded',
      reason: 'other',
      note: reason,
      createdById: actor.id,
      settledAt: deps.now(),
    });
    // What account credit paid goes back to the credit (docs/decisions/107).
    const companyId = byCredit ? (await r.bills.find(id))?.customer.companyId : null;
    if (companyId) {
      await r.accountCredit.creditRefund({
        companyId,
        refundId: refund.id,
        amountCents: refund.amountCents,
        currency: refund.currency,
        note: reason,
        createdById: actor.id,
      });
    }
    return { refund, customerId: locked.customerId, number: billNumberOf(locked.number) };
  });
  await auditBill(deps, actor, id, {
    action: 'bill.payment_reversed',
    summary: `Reversed a payment of invoice ${reversed.number} with adjustment note ${adjustmentNoteNumberOf(reversed.refund)}: ${reason}`,
    subjectUserId: reversed.customerId,
  });
  return getBill(deps, id);
}
