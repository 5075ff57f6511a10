import type { BillLine, BillMoney } from '@noise/shared/bills';
import { formatMoney } from '@noise/shared/pricing';
import type { BillWithCustomer } from './repository.ts';

/** 'Photography (3 × $50.00, GST-free)': a line as the tax invoice lists it. */
export function lineItemOf(line: BillLine, netCents: number, currency: string) {
  const quantity = line.quantityHundredths / 100;
  const parts = [
    ...(quantity === 1 ? [] : [`${quantity} × ${formatMoney(line.unitCents, currency)}`]),
    ...(line.gst ? [] : ['GST-free']),
  ];
  return {
    description: parts.length ? `${line.description} (${parts.join(', ')})` : line.description,
    amountCents: netCents,
  };
}

/**
 * What is charged of a bill now: what is left to pay with its share of the GST (all of it, as
 * a bill is paid whole; after a reversed mark, the whole again), and the lines its tax invoice
 * lists.
 */
export function chargeOf(
  found: BillWithCustomer,
  money: BillMoney,
  dueCents: number,
  /** What was paid before this charge: the rest of the bill unless told (account credit, decision 107). */
  paidBeforeCents = money.totalCents - dueCents,
) {
  const { bill } = found;
  // The GST of the paid total, rounded on the running total, so the parts of a bill paid in two
  // (account credit, then the card) add up to its GST to the cent.
  const gstOf = (paidCents: number) =>
    money.totalCents > 0 ? Math.round((money.gstCents * paidCents) / money.totalCents) : 0;
  const gstCents = gstOf(paidBeforeCents + dueCents) - gstOf(paidBeforeCents);
  return {
    amountCents: dueCents,
    gstCents,
    lineItems: bill.lines.map((line, i) =>
      lineItemOf(line, money.lines[i]!.netCents, bill.currency),
    ),
  };
}
