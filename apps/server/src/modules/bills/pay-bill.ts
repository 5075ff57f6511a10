import { billNumberOf, type PublicBill } from '@noise/shared/bills';
import { bankDetailsOf } from '@noise/shared/business-details';
import { displayNameOf } from '@noise/shared/display-name';
import { conflict, notFound } from '../../lib/errors.ts';
import type { CheckoutDeps } from '../payments/handle-payment.ts';
import { confirmBillPayment, payBillByCard } from '../payments/pay-bill.ts';
import { billFigures, isPayToken, todayOf, type BillDeps } from './manage-bill.ts';
import { chargeOf } from './bill-charge.ts';

/** Anyone without the mailed link is told the invoice does not exist. */
async function billOfLink(deps: BillDeps, id: string, token: string) {
  if (!isPayToken(deps.config.tokenSecret, id, token)) throw notFound('Invoice not found');
  const found = await deps.repos.bills.find(id);
  // A draft's link was never mailed; it opens once the invoice is sent.
  if (!found?.bill.sentAt) throw notFound('Invoice not found');
  const payments = await deps.repos.bills.paymentsOf([id]);
  return { found, figures: billFigures(found.bill, payments, todayOf(deps)) };
}

/** GET /api/invoices/{id}/pay: what the pay link shows, with the bank details when set. */
export async function viewPayableBill(
  deps: BillDeps,
  id: string,
  token: string,
): Promise<PublicBill> {
  const { found, figures } = await billOfLink(deps, id, token);
  const { bill, customer } = found;
  return {
    _id: bill.id,
    number: billNumberOf(bill.number),
    status: figures.status,
    lines: bill.lines.map((line, i) => ({ ...line, ...figures.money.lines[i]! })),
    note: bill.note,
    dueDate: bill.dueDate,
    currency: bill.currency,
    subtotalCents: figures.money.subtotalCents,
    gstFreeCents: figures.money.gstFreeCents,
    gstCents: figures.money.gstCents,
    totalCents: figures.money.totalCents,
    paidCents: figures.paidCents,
    dueCents: figures.dueCents,
    customerName: displayNameOf(customer) || customer.email,
    companyName: customer.companyName,
    bank: bankDetailsOf(deps.config.business),
  };
}

function refuseUnpayable(status: string) {
  if (status === 'void') throw conflict('This invoice was cancelled: there is nothing to pay.');
  if (status === 'paid') throw conflict('This invoice has already been paid.');
}

/** POST /api/invoices/{id}/pay: the card payment from the pay link. */
export async function payBill(
  deps: BillDeps & { checkout: CheckoutDeps },
  id: string,
  body: { token: string; paymentMethodId: string; idempotencyKey: string },
) {
  const { found, figures } = await billOfLink(deps, id, body.token);
  // A repeat of a payment that went through answers as it did; anything new is refused.
  const earlier = await deps.repos.payments.findAttemptByKey(body.idempotencyKey);
  if (!earlier) refuseUnpayable(figures.status);
  const { bill, customer } = found;
  const charge = chargeOf(found, figures.money, figures.dueCents);
  return payBillByCard(
    deps.checkout,
    {
      billId: bill.id,
      number: billNumberOf(bill.number),
      customerId: customer.id,
      subtotalCents: figures.money.subtotalCents,
      ...charge,
      contact: {
        firstName: customer.firstName,
        lastName: customer.lastName,
        companyName: customer.companyName,
        contactNumber: '',
        emailAddress: customer.email,
      },
    },
    body.paymentMethodId,
    body.idempotencyKey,
  );
}

/** POST /api/invoices/{id}/pay/confirm: after the bank's check on the pay page. */
export async function confirmBillPay(
  deps: BillDeps & { checkout: CheckoutDeps },
  id: string,
  body: { token: string; paymentIntentId: string },
) {
  await billOfLink(deps, id, body.token);
  return confirmBillPayment(deps.checkout, id, body.paymentIntentId);
}
