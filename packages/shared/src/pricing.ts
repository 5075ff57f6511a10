/**
 * Prices and GST (SPEC.md section 9), in integer cents so that no floating-point error reaches a
 * charge. The server (which charges) and the web app (which displays) both use this module.
 */
export const GST_RATE_PERCENT = 10;

export const packageTypes = ['one-time', 'weekly', 'monthly'] as const;
export type PackageType = (typeof packageTypes)[number];

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

export function isRecurring(type: PackageType): boolean {
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
}

export function priceOrder(pkg: PricedPackage, extraCents: readonly number[]): OrderPrice {
  const extrasCents = extraCents.reduce((sum, c) => sum + c, 0);
  const recurring = isRecurring(pkg.type);
  const oneTimeTotalCents = pkg.baseCostCents + extrasCents;
  const oneTimeTotalWithGstCents = withGst(oneTimeTotalCents);
  const recurringTotalWithGstCents = recurring ? withGst(pkg.recurringCostCents) : 0;
  const grandTotalCents = oneTimeTotalWithGstCents + recurringTotalWithGstCents;
  const preGst = oneTimeTotalCents + (recurring ? pkg.recurringCostCents : 0);
  return {
    displayTotalCents: pkg.baseCostCents + pkg.recurringCostCents + extrasCents,
    oneTimeTotalCents,
    oneTimeTotalWithGstCents,
    recurringTotalWithGstCents,
    showsRecurringLine: recurring && pkg.recurringCostCents > 0,
    grandTotalCents,
    gstCents: grandTotalCents - preGst,
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

/** '$1,234.50' */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-AU');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
