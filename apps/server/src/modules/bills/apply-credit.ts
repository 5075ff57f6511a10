import { billNumberOf, type BillMoney } from '@noise/shared/bills';
import { newId } from '../../lib/ids.ts';
import type { Repositories } from '../../repositories.ts';
import { announceBillPayment } from '../payments/complete-bill.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';
import type { CompletionDeps } from '../payments/complete-order.ts';
import { chargeOf } from './bill-charge.ts';
import type { BillWithCustomer } from './repository.ts';

/**
 * When an invoice is sent, the client company's account credit pays what it can of it first
 * (docs/decisions/107), as a payment of the bill by 'account_credit' with its own tax invoice and
 * receipt; the pay link then asks only for the rest. `repos` are the sending transaction's, with
 * the bill locked. Answers what the credit paid (0 without credit).
 */
export async function applyCreditToBill(
  repos: Repositories,
  completion: Pick<CompletionDeps, 'companyName' | 'publicUrl' | 'abn'>,
  found: BillWithCustomer,
  figures: { money: BillMoney; dueCents: number },
  paymentsSoFar: number,
): Promise<number> {
  const { bill, customer } = found;
  if (!customer.companyId || figures.dueCents <= 0) return 0;
  const holdKey = `bill:${bill.id}:${paymentsSoFar}`;
  const held = await repos.accountCredit.hold({
    companyId: customer.companyId,
    holdKey,
    upToCents: figures.dueCents,
    currency: bill.currency,
  });
  if (!held) return 0;
  const creditCents = -held.amountCents;
  const charge = chargeOf(
    found,
    figures.money,
    creditCents,
    figures.money.totalCents - figures.dueCents,
  );
  const payment = await repos.bills.insertPayment({
    projectId: null,
    billId: bill.id,
    userId: customer.id,
    provider: ACCOUNT_CREDIT,
    transactionId: `${billNumberOf(bill.number)}/${paymentsSoFar + 1}/${newId()}`,
    amountCents: charge.amountCents,
    gstCents: charge.gstCents,
    creditCents,
    creditEntryId: held.id,
    currency: bill.currency,
    status: 'succeeded',
    kind: 'bill',
    lineItems: charge.lineItems,
  });
  if (payment) await announceBillPayment(repos, completion, payment);
  return creditCents;
}
