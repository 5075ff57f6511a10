import type { Discount } from './discounts.ts';
import {
  isRecurring,
  priceOrder,
  withGst,
  type OrderPrice,
  type PricedPackage,
} from './pricing.ts';

/**
 * Prices with a discount code (docs/product.md#discount-codes), apart from pricing.ts: that module
 * is in every public page's script, while a code is priced only by the server, the payment page
 * and the order panel (which loads this module once 'Add a discount code' is pressed).
 */

/** What a discount takes off an amount before GST: a percentage rounded half up, or at most it. */
function amountOff(cents: number, discount: Discount): number {
  if (discount.kind === 'percent') return Math.floor((cents * discount.percent + 50) / 100);
  return Math.min(discount.amountCents, cents);
}

/**
 * An order's price with a discount code (discounts.ts), or without one: the first payment's
 * amount before GST is reduced, and for 'every_renewal' each renewal's too; GST is then charged
 * on what is left. The order panel, the payment page and the server all price with it.
 */
export function priceOrderWithDiscount(
  pkg: PricedPackage,
  extraCents: readonly number[],
  discount: Discount | null,
): OrderPrice {
  const price = priceOrder(pkg, extraCents);
  if (!discount) return price;
  const recurringCents = isRecurring(pkg.type) ? pkg.recurringCostCents : 0;
  const firstCents = price.oneTimeTotalCents + recurringCents;
  const discountCents = amountOff(firstCents, discount);
  const recurringDiscountCents =
    discount.duration === 'every_renewal' ? amountOff(recurringCents, discount) : 0;
  const grandTotalCents = withGst(firstCents - discountCents);
  return {
    ...price,
    // The discount comes off the one-time part first.
    oneTimeTotalWithGstCents: withGst(Math.max(price.oneTimeTotalCents - discountCents, 0)),
    recurringTotalWithGstCents: recurringCents
      ? withGst(recurringCents - recurringDiscountCents)
      : 0,
    grandTotalCents,
    gstCents: grandTotalCents - (firstCents - discountCents),
    discountCents,
    recurringDiscountCents,
  };
}
