import { priceOrderWithDiscount } from './discount-pricing.ts';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatMoneyGst,
  paymentTerms,
  priceOrder,
  priceQuote,
  toCents,
  withGst,
} from './pricing.ts';

describe('toCents', () => {
  it.each([
    [0, 0],
    [1.005, 101],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1234.5, 123450],
    // Written in e-notation by JavaScript:
    [1e-7, 0],
    [5e-324, 0],
    [1.5e-2, 2],
    [1e21, 1e23],
  ])('%s dollars is %s cents', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it('refuses NaN and infinity', () => {
    expect(() => toCents(Number.NaN)).toThrow();
    expect(() => toCents(Infinity)).toThrow();
  });
});

describe('withGst', () => {
  it.each([
    [100, 110],
    [115, 127], // 1.15 * 1.1 * 100 is 126.49999... in floating point; exact is 126.5, half up
    [105, 116], // 115.5 -> 116
    [999, 1099], // 1098.9 -> 1099
    [1, 1], // 1.1 -> 1
    [5, 6], // 5.5 -> 6
    [0, 0],
  ])('%s cents with GST is %s', (cents, expected) => {
    expect(withGst(cents)).toBe(expected);
  });
});

describe('priceOrder', () => {
  it('one-time package with two extras', () => {
    const price = priceOrder(
      { type: 'one-time', baseCostCents: 150000, recurringCostCents: 0 },
      [25000, 9950],
    );
    expect(price).toEqual({
      displayTotalCents: 184950,
      oneTimeTotalCents: 184950,
      oneTimeTotalWithGstCents: 203445,
      recurringTotalWithGstCents: 0,
      showsRecurringLine: false,
      grandTotalCents: 203445,
      gstCents: 18495,
      discountCents: 0,
      recurringDiscountCents: 0,
    });
  });

  it('a 20% code on a monthly package: GST on the discounted first payment, the renewals as they were', () => {
    // Local SEO: $895 set-up + $750 a month, before GST.
    const pkg = { type: 'monthly', baseCostCents: 89_500, recurringCostCents: 75_000 } as const;
    const first = priceOrderWithDiscount(pkg, [], {
      kind: 'percent',
      percent: 20,
      amountCents: 0,
      duration: 'first_payment',
    });
    expect(first).toMatchObject({
      discountCents: 32_900, // 20% of $1,645.00
      grandTotalCents: 144_760, // ($1,645.00 - $329.00) x 1.1
      gstCents: 13_160,
      recurringTotalWithGstCents: 82_500,
      recurringDiscountCents: 0,
    });
    const every = priceOrderWithDiscount(pkg, [], {
      kind: 'percent',
      percent: 20,
      amountCents: 0,
      duration: 'every_renewal',
    });
    expect(every).toMatchObject({
      grandTotalCents: 144_760,
      recurringDiscountCents: 15_000,
      recurringTotalWithGstCents: 66_000, // ($750 - $150) x 1.1
    });
  });

  it('a fixed amount never takes a payment below zero, and rounds a percentage half up', () => {
    const pkg = { type: 'one-time', baseCostCents: 3_000, recurringCostCents: 0 } as const;
    const all = priceOrderWithDiscount(pkg, [], {
      kind: 'amount',
      percent: 0,
      amountCents: 5_000,
      duration: 'first_payment',
    });
    expect(all).toMatchObject({ discountCents: 3_000, grandTotalCents: 0, gstCents: 0 });
    const odd = priceOrderWithDiscount({ ...pkg, baseCostCents: 1_005 }, [], {
      kind: 'percent',
      percent: 10,
      amountCents: 0,
      duration: 'first_payment',
    });
    expect(odd.discountCents).toBe(101); // 100.5 rounds up
    expect(odd.grandTotalCents).toBe(994); // (1,005 - 101) x 1.1 = 994.4
  });

  it('monthly package charges base and recurring, each with GST', () => {
    const price = priceOrder(
      { type: 'monthly', baseCostCents: 50000, recurringCostCents: 120000 },
      [1500],
    );
    expect(price.displayTotalCents).toBe(171500);
    expect(price.oneTimeTotalWithGstCents).toBe(56650);
    expect(price.recurringTotalWithGstCents).toBe(132000);
    expect(price.showsRecurringLine).toBe(true);
    expect(price.grandTotalCents).toBe(188650);
    expect(price.gstCents).toBe(17150);
  });

  it('a recurring package with no recurring cost shows no recurring line', () => {
    const price = priceOrder({ type: 'weekly', baseCostCents: 1000, recurringCostCents: 0 }, []);
    expect(price.showsRecurringLine).toBe(false);
    expect(price.grandTotalCents).toBe(1100);
  });
});

describe('priceQuote', () => {
  it('adds GST to the quote value', () => {
    expect(priceQuote(333333)).toEqual({
      totalCents: 333333,
      gstCents: 33333,
      totalWithGstCents: 366666,
    });
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123456789, '$1,234,567.89'],
  ])('%s cents is %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe('paymentTerms and formatMoney', () => {
  it('say what is due today and what follows a recurring package', () => {
    const monthly = priceOrder(
      { type: 'monthly', baseCostCents: 0, recurringCostCents: 50_000 },
      [],
    );
    expect(paymentTerms(monthly, 'monthly')).toEqual({
      dueToday: 'Due today $550.00 inc. GST',
      thereafter: 'Then $550.00 every month inc. GST',
    });
    const weekly = priceOrder(
      { type: 'weekly', baseCostCents: 10_000, recurringCostCents: 20_000 },
      [5_000],
    );
    expect(paymentTerms(weekly, 'weekly')).toEqual({
      dueToday: 'Due today $385.00 inc. GST',
      thereafter: 'Then $220.00 every week inc. GST',
    });
    const once = priceOrder(
      { type: 'one-time', baseCostCents: 124_950, recurringCostCents: 0 },
      [],
    );
    expect(paymentTerms(once, 'one-time')).toEqual({
      dueToday: 'Due today $1,374.45 inc. GST',
      thereafter: null,
    });
  });

  it('formats every amount the Australian way, in the shop currency', () => {
    expect(formatMoney(124_950)).toBe('$1,249.50');
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    // Intl puts a no-break space after the code.
    expect(formatMoney(124_950, 'USD').replace(/\s/u, ' ')).toBe('USD 1,249.50');
  });

  it('say whether an amount includes GST, in one spelling', () => {
    expect(formatMoneyGst(160_000, 'exc')).toBe('$1,600.00 exc. GST');
    expect(formatMoneyGst(176_000, 'inc')).toBe('$1,760.00 inc. GST');
    expect(formatMoneyGst(176_000, 'inc', 'USD').replace(/\s/u, ' ')).toBe('USD 1,760.00 inc. GST');
  });
});
