import { describe, expect, it } from 'vitest';
import { moneyAmountCents } from './fields.ts';
import {
  orderMoney,
  orderMoneyTerms,
  orderRefundText,
  refundableCents,
  refundGstCents,
  type MoneyPayment,
} from './order-money.ts';
import { withGst } from './pricing.ts';

const paid = (
  amountCents: number,
  refunds: MoneyPayment['refunds'] = [],
  kind: MoneyPayment['kind'] = 'order',
): MoneyPayment => ({
  kind,
  amountCents,
  gstCents: amountCents - Math.round(amountCents / 1.1),
  status: 'succeeded',
  refunds,
});

describe('orderMoney', () => {
  it('a monthly package with a set-up fee: paid at order, then the monthly fee, never the first payment per month', () => {
    // Local SEO: $895 set-up + $750 a month exc. GST: $1,809.50 at order, $825.00 a month.
    const money = orderMoney({
      currency: 'AUD',
      packageType: 'monthly',
      recurringTotalWithGstCents: withGst(75_000),
      oneTimeTotalWithGstCents: withGst(89_500 + 75_000),
      depositWithGstCents: null,
      payments: [paid(withGst(89_500 + 75_000))],
    });
    expect(orderMoneyTerms(money)).toBe(
      'Paid $1,809.50 inc. GST at order, then $825.00 every month',
    );
    expect(money).toMatchObject({ chargedCents: 180_950, keptCents: 180_950, period: 'month' });
    expect(orderRefundText(money)).toBeNull();
  });

  it('a cancelled plan shows no further charge, and what was paid stays', () => {
    const money = orderMoney({
      currency: 'AUD',
      packageType: 'weekly',
      recurringTotalWithGstCents: withGst(10_000),
      oneTimeTotalWithGstCents: withGst(20_000),
      depositWithGstCents: null,
      payments: [paid(withGst(30_000))],
      planCancelled: true,
    });
    expect(money).toMatchObject({ recurringCents: 0, period: null, chargedCents: 33_000 });
    expect(money.paidAtOrderGstCents).toBe(3_000);
    expect(orderMoneyTerms(money)).toBe('Paid $330.00 inc. GST at order');
  });

  it('counts renewals, settled refunds and pending ones apart; failed charges and refunds count for nothing', () => {
    const money = orderMoney({
      currency: 'AUD',
      packageType: 'weekly',
      recurringTotalWithGstCents: 11_000,
      oneTimeTotalWithGstCents: 0,
      depositWithGstCents: null,
      payments: [
        paid(33_000, [
          { amountCents: 10_000, gstCents: 909, status: 'succeeded' },
          { amountCents: 5_000, gstCents: 455, status: 'pending' },
          { amountCents: 7_000, gstCents: 636, status: 'failed' },
        ]),
        paid(11_000, [], 'renewal'),
        { ...paid(11_000, [], 'renewal'), status: 'failed' },
      ],
    });
    expect(money).toMatchObject({
      paidAtOrderCents: 33_000,
      chargedCents: 44_000,
      refundedCents: 10_000,
      refundedGstCents: 909,
      pendingRefundCents: 5_000,
      keptCents: 34_000,
      recurringCents: 11_000,
      period: 'week',
    });
    expect(orderRefundText(money)).toBe('Refunded $100.00, refund of $50.00 pending');
    expect(orderMoneyTerms({ ...money, period: null })).toBe('Paid $330.00 inc. GST at order');
  });
});

describe('refunds of a payment', () => {
  it('leave what is not refunded or under way, and nothing of a payment that did not go through', () => {
    const payment = paid(33_000, [
      { amountCents: 10_000, gstCents: 0, status: 'succeeded' },
      { amountCents: 3_000, gstCents: 0, status: 'pending' },
      { amountCents: 20_000, gstCents: 0, status: 'failed' },
    ]);
    expect(refundableCents(payment)).toBe(20_000);
    expect(refundableCents({ ...payment, status: 'failed' })).toBe(0);
  });

  it('take GST in proportion, and refunds that add up to the payment add up to its GST', () => {
    const payment = { amountCents: 65_945, gstCents: 5_995 };
    const parts = [10_001, 20_003, 35_941];
    let already = 0;
    const gst = parts.map((part) => {
      const g = refundGstCents(payment, already, part);
      already += part;
      return g;
    });
    expect(gst.reduce((a, b) => a + b, 0)).toBe(5_995);
    expect(refundGstCents(payment, 0, 65_945)).toBe(5_995);
  });
});

describe('moneyAmountCents', () => {
  const amount = moneyAmountCents('The refund amount');
  it('reads dollars to whole cents', () => {
    expect(amount.parse('200')).toBe(20_000);
    expect(amount.parse('1,199.5')).toBe(119_950);
    expect(amount.parse(0.1)).toBe(10);
    expect(amount.parse(' 19.99 ')).toBe(1_999);
  });
  it('refuses zero, negative, three decimals and words, naming the amount', () => {
    for (const bad of ['0', '0.00', '-5', '10.005', 'ten', '', '1e3', -1]) {
      const result = amount.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/^The refund amount/);
    }
  });
});
