/**
 * Prices and GST (docs/product.md#money-and-gst), in integer cents so that no floating-point
 * error reaches a charge. The server (which charges) and the web app (which displays) both use
 * this module.
 */
export const GST_RATE_PERCENT = 10;

import { intervalTerms, recurringIntervals } from './intervals.ts';

export const packageTypes = ['one-time', ...recurringIntervals] as const;
export type PackageType = (typeof packageTypes)[number];

/**
 * docs/product.md#package-tabs: a tab shows recurringCost, or baseCost for a one-time package
 * (dollars). Here, without zod, so the public service page can use it without loading schemas.
 */
export function tabPrice(pkg: { type: PackageType; baseCost: number; recurringCost: number }) {
  return pkg.type === 'one-time' ? pkg.baseCost : pkg.recurringCost;
}

/**
 * The service's initial investment (docs/product.md#service-page): the set-up fee its weekly and
 * monthly packages charge with their first period, the lowest when they differ (`varies`), 0 when
 * none has one. Taken from the packages, so the service page never names an amount no package
 * charges. In whatever unit the fees are given (cents on the server, dollars on the page).
 */
export function initialInvestmentOf(packages: readonly { type: PackageType; baseCost: number }[]): {
  amount: number;
  varies: boolean;
} {
  const fees = packages
    .filter((p) => p.type !== 'one-time' && p.baseCost > 0)
    .map((p) => p.baseCost);
  if (fees.length === 0) return { amount: 0, varies: false };
  const amount = Math.min(...fees);
  return { amount, varies: fees.some((fee) => fee !== amount) };
}

/** Dollars as typed or stored in JSON (12.34) to integer cents, exactly. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('Price must be a finite number');
  // Round through the decimal string so 1.005 becomes 101, not 100. A number JavaScript writes
  // in e-notation (1e-7, 1e21) has its exponent shifted, not a second one appended (NaN).
  const [digits, exponent = '0'] = String(dollars).split('e');
  return Math.round(Number(`${digits}e${Number(exponent) + 2}`));
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** Adds GST to a pre-GST amount in cents, rounding half up: round(cents x 1.10). */
export function withGst(cents: number): number {
  const scaled = cents * (100 + GST_RATE_PERCENT);
  return Math.floor((scaled + 50) / 100);
}

export function isRecurring(type: PackageType): type is Exclude<PackageType, 'one-time'> {
  return type !== 'one-time';
}

export interface PricedPackage {
  type: PackageType;
  baseCostCents: number;
  recurringCostCents: number;
}

export interface OrderPrice {
  /** The client app's display total before GST: base + recurring + extras. */
  displayTotalCents: number;
  /** base + extras, before GST: what the first charge is made of. */
  oneTimeTotalCents: number;
  /** round(oneTimeTotal x 1.10). */
  oneTimeTotalWithGstCents: number;
  /** round(recurringCost x 1.10) when the package recurs, else 0. */
  recurringTotalWithGstCents: number;
  /** Whether the breakdown shows a recurring line. */
  showsRecurringLine: boolean;
  /** one-time + recurring, both with GST: the grand total shown. */
  grandTotalCents: number;
  /** The GST part of the grand total. */
  gstCents: number;
  /** A discount code's part, before GST: off the first payment, and off each renewal. */
  discountCents: number;
  recurringDiscountCents: number;
}

/**
 * An order's price without a discount code: what the public pages show (the order panel, the
 * package tabs). With a code, `priceOrderWithDiscount` (discount-pricing.ts: apart, so the
 * public pages' script does not carry it).
 */
export function priceOrder(pkg: PricedPackage, extraCents: readonly number[]): OrderPrice {
  const extrasCents = extraCents.reduce((sum, c) => sum + c, 0);
  const recurring = isRecurring(pkg.type);
  const oneTimeTotalCents = pkg.baseCostCents + extrasCents;
  const recurringCents = recurring ? pkg.recurringCostCents : 0;
  const oneTimeTotalWithGstCents = withGst(oneTimeTotalCents);
  const recurringTotalWithGstCents = recurring ? withGst(recurringCents) : 0;
  const grandTotalCents = oneTimeTotalWithGstCents + recurringTotalWithGstCents;
  return {
    displayTotalCents: pkg.baseCostCents + pkg.recurringCostCents + extrasCents,
    oneTimeTotalCents,
    oneTimeTotalWithGstCents,
    recurringTotalWithGstCents,
    showsRecurringLine: recurring && pkg.recurringCostCents > 0,
    grandTotalCents,
    gstCents: grandTotalCents - oneTimeTotalCents - recurringCents,
    discountCents: 0,
    recurringDiscountCents: 0,
  };
}

/** Custom quote charge: value x 1.10, in cents. */
export function priceQuote(valueCents: number): {
  totalCents: number;
  gstCents: number;
  totalWithGstCents: number;
} {
  const totalWithGstCents = withGst(valueCents);
  return { totalCents: valueCents, gstCents: totalWithGstCents - valueCents, totalWithGstCents };
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Every amount the product shows, in emails, invoices and CSV too: Australian formatting of the
 * shop's currency ('$1,249.50' for AUD). Cents in, so no float ever reaches a total.
 */
export function formatMoney(cents: number, currency = 'AUD'): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-AU', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(cents / 100);
}

/** Whether an amount includes GST, in the one spelling the product uses. */
export const gstNotes = { inc: 'inc. GST', exc: 'exc. GST' } as const;

/** An amount that says whether it includes GST: '$1,600.00 exc. GST', '$1,760.00 inc. GST'. */
export function formatMoneyGst(
  cents: number,
  gst: keyof typeof gstNotes,
  currency = 'AUD',
): string {
  return `${formatMoney(cents, currency)} ${gstNotes[gst]}`;
}

/**
 * What a buyer pays now and what follows, as the order panel, the payment page and the receipt
 * say it: 'Due today $1,374.45 inc. GST' and, for a recurring package, 'Then $550.00
 * every month inc. GST'.
 */
export function paymentTerms(
  price: Pick<OrderPrice, 'grandTotalCents' | 'recurringTotalWithGstCents'>,
  type: PackageType,
  currency = 'AUD',
): { dueToday: string; thereafter: string | null } {
  return {
    dueToday: `Due today ${formatMoneyGst(price.grandTotalCents, 'inc', currency)}`,
    thereafter:
      isRecurring(type) && price.recurringTotalWithGstCents > 0
        ? `Then ${formatMoney(price.recurringTotalWithGstCents, currency)} every ${intervalTerms(type).period} ${gstNotes.inc}`
        : null,
  };
}
