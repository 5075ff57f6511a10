import { z } from 'zod';
import { moneyAmountCents } from './fields.ts';
import { idempotencyKeySchema } from './payments.ts';
import { formatMoney } from './pricing.ts';
import { MIN_PART_CENTS } from './quote.ts';
import { orderName } from './project-constants.ts';

/**
 * A client company's account credit (docs/product.md#account-credit, docs/decisions/107): money
 * the business owes the client, given by a refund or by staff, spent first on the next renewal.
 * The balance is the sum of its entries, which are only ever added.
 */

/** The provider name of a payment or refund that account credit made (docs/decisions/107). */
export const ACCOUNT_CREDIT = 'account_credit';

export const creditEntryKinds = ['refund', 'spent', 'returned', 'added', 'removed'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

export const accountCreditEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(creditEntryKinds),
  /** Added to the balance (positive) or taken from it (negative). */
  amountCents: z.number().int(),
  currency: z.string(),
  /** The order a refund came from or a payment went to; null for staff's own entries. */
  orderNumber: z.number().int().nullable(),
  /** Staff's reason, or the refund's note. */
  note: z.string(),
  createdAt: z.string(),
});
export type AccountCreditEntry = z.infer<typeof accountCreditEntrySchema>;

export const accountCreditSchema = z.object({
  balanceCents: z.number().int(),
  currency: z.string(),
  /** Newest first, at most 100. */
  entries: z.array(accountCreditEntrySchema),
});
export type AccountCredit = z.infer<typeof accountCreditSchema>;

/** Staff add credit or take it away, with a reason the client does not see. */
export const adjustCreditRequest = z.object({
  direction: z.enum(['add', 'remove'], { error: 'Please choose to add or remove credit' }),
  amount: moneyAmountCents('The amount').refine((cents) => cents > 0, {
    message: 'The amount must be more than $0.00',
  }),
  reason: z
    .string()
    .trim()
    .min(1, 'Please say why')
    .max(500, 'The reason can be at most 500 characters'),
  idempotencyKey: idempotencyKeySchema,
});
export type AdjustCreditRequest = z.input<typeof adjustCreditRequest>;

/** What an entry was, in the client's words: 'Refund of Order 1003', 'Paid toward Order 1004'. */
export function creditEntryLabel(entry: Pick<AccountCreditEntry, 'kind' | 'orderNumber'>): string {
  const order = entry.orderNumber === null ? null : orderName(entry.orderNumber);
  switch (entry.kind) {
    case 'refund':
      return order ? `Refund of ${order}` : 'Refund';
    case 'spent':
      return order ? `Paid toward ${order}` : 'Held for a payment';
    case 'returned':
      return 'Given back: the payment it was held for did not go through';
    case 'added':
      return 'Added by us';
    case 'removed':
      return 'Taken off by us';
  }
}

/** 'Account credit $200.00'. */
export function creditBalanceText(credit: Pick<AccountCredit, 'balanceCents' | 'currency'>) {
  return `Account credit ${formatMoney(credit.balanceCents, credit.currency)}`;
}

/**
 * What account credit pays of a storefront order's first payment of `totalCents` (inc. GST):
 * as much as there is, less the least a card can be charged, which the card always pays (it is
 * how the card is proven, and kept for a plan's renewals).
 */
export function orderCreditCents(balanceCents: number, totalCents: number): number {
  return Math.max(0, Math.min(balanceCents, totalCents - MIN_PART_CENTS));
}

/**
 * What account credit pays of a charge to the card on file (a renewal, an upgrade's prorated
 * charge): all of it when there is enough; otherwise as much as leaves the card at least the
 * least a card can be charged.
 */
export function savedCardCreditCents(balanceCents: number, totalCents: number): number {
  return balanceCents >= totalCents ? totalCents : orderCreditCents(balanceCents, totalCents);
}
