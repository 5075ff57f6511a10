import { z } from 'zod';
import { formatMoney, gstNotes, isRecurring, type PackageType } from './pricing.ts';
import { intervalTerms, periods } from './intervals.ts';

/**
 * An order's money after the sale (docs/product.md#money-after-the-sale): what was charged,
 * refunded and kept, and what each renewal charges, from its payment records and their refunds.
 * The server answers it with every project (`money`) and every screen, document and report that
 * shows an order's amounts reads it, so an amount shown in two places is the same amount.
 * Payments and refunds are never edited; a refund is a record of its own beside its payment.
 */

export const refundReasons = [
  'requested_by_customer',
  'duplicate',
  'service_not_delivered',
  'other',
] as const;
export type RefundReason = (typeof refundReasons)[number];
export const refundReasonLabels: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by customer',
  duplicate: 'Duplicate',
  service_not_delivered: 'Service not delivered',
  other: 'Other',
};

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** What the figures need of a refund. */
export interface MoneyRefund {
  amountCents: number;
  gstCents: number;
  status: string;
}

/** What the figures need of a payment: a charge and the refunds made against it. */
export interface MoneyPayment {
  kind: 'order' | 'renewal' | 'balance' | 'bill' | 'plan_change';
  amountCents: number;
  gstCents: number;
  status: string;
  refunds: readonly MoneyRefund[];
}

export const orderMoneySchema = z.object({
  currency: z.string(),
  /** The first charge, at order (set-up fee, extras and the first period), inc. GST, and its GST. */
  paidAtOrderCents: z.number().int(),
  paidAtOrderGstCents: z.number().int(),
  /** Every charge that went through (order and renewals), inc. GST, and its GST. */
  chargedCents: z.number().int(),
  chargedGstCents: z.number().int(),
  /** Refunds the provider made; a pending one is counted apart until it settles. */
  refundedCents: z.number().int(),
  refundedGstCents: z.number().int(),
  pendingRefundCents: z.number().int(),
  /** charged - refunded: what the shop kept. */
  keptCents: z.number().int(),
  keptGstCents: z.number().int(),
  /** A recurring package's charge per period, inc. GST; 0 for a one-time order. */
  recurringCents: z.number().int(),
  period: z.enum(periods).nullable(),
  /**
   * A quote paid in two parts (docs/decisions/070-quote-deposits.md): its deposit and balance
   * inc. GST, and the balance still to pay (0 once paid); all 0 for any other order.
   */
  depositCents: z.number().int(),
  balanceCents: z.number().int(),
  balanceDueCents: z.number().int(),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** A payment's refunds that went through. */
function settledRefunds(payment: MoneyPayment) {
  return payment.refunds.filter((r) => r.status === 'succeeded');
}

/** What is left to refund of a payment: its amount less refunds made or under way. */
export function refundableCents(payment: MoneyPayment): number {
  if (payment.status !== 'succeeded') return 0;
  const taken = sum(payment.refunds.filter((r) => r.status !== 'failed').map((r) => r.amountCents));
  return Math.max(payment.amountCents - taken, 0);
}

/**
 * What is left to refund to the card (docs/decisions/107): what the card paid, less refunds made
 * to it, and never more than is left of the payment. The part account credit paid goes back only
 * as credit.
 */
export function cardRefundableCents(
  payment: Omit<MoneyPayment, 'refunds'> & {
    creditCents: number;
    refunds: readonly (MoneyRefund & { toCredit: boolean })[];
  },
): number {
  const toCard = sum(
    payment.refunds.filter((r) => r.status !== 'failed' && !r.toCredit).map((r) => r.amountCents),
  );
  return Math.min(
    Math.max(payment.amountCents - payment.creditCents - toCard, 0),
    refundableCents(payment),
  );
}

/**
 * The GST part of refunding `amountCents` of a payment after `alreadyCents` was refunded: the
 * payment's GST in proportion, rounded on the running total, so refunds that add up to the whole
 * payment add up to its GST to the cent.
 */
export function refundGstCents(
  payment: Pick<MoneyPayment, 'amountCents' | 'gstCents'>,
  alreadyCents: number,
  amountCents: number,
): number {
  if (payment.amountCents <= 0) return 0;
  const gstOf = (refunded: number) =>
    Math.round((refunded * payment.gstCents) / payment.amountCents);
  return gstOf(alreadyCents + amountCents) - gstOf(alreadyCents);
}

export function orderMoney(order: {
  currency: string;
  packageType: PackageType;
  recurringTotalWithGstCents: number;
  /** The order's one-time total inc. GST; with a deposit, the whole quote. */
  oneTimeTotalWithGstCents: number;
  depositWithGstCents: number | null;
  payments: readonly MoneyPayment[];
  /** Its recurring plan was cancelled: nothing more is charged, so none is shown. */
  planCancelled?: boolean;
}): OrderMoney {
  const charged = order.payments.filter((p) => p.status === 'succeeded');
  const refunds = charged.flatMap(settledRefunds);
  const pending = charged.flatMap((p) => p.refunds.filter((r) => r.status === 'pending'));
  const first = charged.find((p) => p.kind === 'order');
  const chargedCents = sum(charged.map((p) => p.amountCents));
  const chargedGstCents = sum(charged.map((p) => p.gstCents));
  const refundedCents = sum(refunds.map((r) => r.amountCents));
  const refundedGstCents = sum(refunds.map((r) => r.gstCents));
  const recurs =
    !order.planCancelled && isRecurring(order.packageType) && order.recurringTotalWithGstCents > 0;
  const depositCents = order.depositWithGstCents ?? 0;
  const balanceCents = depositCents > 0 ? order.oneTimeTotalWithGstCents - depositCents : 0;
  const balancePaid = charged.some((p) => p.kind === 'balance');
  return {
    currency: order.currency,
    paidAtOrderCents: first?.amountCents ?? 0,
    paidAtOrderGstCents: first?.gstCents ?? 0,
    chargedCents,
    chargedGstCents,
    refundedCents,
    refundedGstCents,
    pendingRefundCents: sum(pending.map((r) => r.amountCents)),
    keptCents: chargedCents - refundedCents,
    keptGstCents: chargedGstCents - refundedGstCents,
    recurringCents: recurs ? order.recurringTotalWithGstCents : 0,
    period:
      recurs && isRecurring(order.packageType) ? intervalTerms(order.packageType).period : null,
    depositCents,
    balanceCents,
    balanceDueCents: balancePaid ? 0 : balanceCents,
  };
}

/**
 * The order's terms in one line: 'Paid $1,809.50 inc. GST at order, then $825.00 every month'
 * ('$1,588.95 inc. GST' alone for a one-time order). Never a first payment beside '/month'.
 * A quote with a deposit: 'Deposit paid $330.00 inc. GST · Balance $770.00 due', then 'Paid
 * $1,100.00 inc. GST: deposit $330.00 and balance $770.00'.
 */
export function orderMoneyTerms(money: OrderMoney): string {
  const money$ = (cents: number) => formatMoney(cents, money.currency);
  if (money.depositCents > 0) {
    if (money.balanceDueCents > 0) {
      return `Deposit paid ${money$(money.depositCents)} ${gstNotes.inc} · Balance ${money$(money.balanceDueCents)} due`;
    }
    return `Paid ${money$(money.depositCents + money.balanceCents)} ${gstNotes.inc}: deposit ${money$(money.depositCents)} and balance ${money$(money.balanceCents)}`;
  }
  const paid = `Paid ${formatMoney(money.paidAtOrderCents, money.currency)} ${gstNotes.inc} at order`;
  if (!money.period) return paid;
  return `${paid}, then ${formatMoney(money.recurringCents, money.currency)} every ${money.period}`;
}

/** What a payment of an order was: 'Order', 'Deposit', 'Balance', 'Renewal' or 'Plan change'. */
export function paymentKindLabel(
  kind: MoneyPayment['kind'],
  money: OrderMoney | undefined,
): string {
  if (kind === 'renewal') return 'Renewal';
  if (kind === 'plan_change') return 'Plan change';
  if (kind === 'balance') return 'Balance';
  if (kind === 'bill') return 'Invoice';
  return money && money.depositCents > 0 ? 'Deposit' : 'Order';
}

/** 'Refunded $200.00' (and what is still under way), or null when nothing was refunded. */
export function orderRefundText(money: OrderMoney): string | null {
  const parts: string[] = [];
  if (money.refundedCents > 0)
    parts.push(`Refunded ${formatMoney(money.refundedCents, money.currency)}`);
  if (money.pendingRefundCents > 0) {
    parts.push(`refund of ${formatMoney(money.pendingRefundCents, money.currency)} pending`);
  }
  if (!parts.length) return null;
  const text = parts.join(', ');
  return text[0]!.toUpperCase() + text.slice(1);
}
