import { describe, expect, it } from 'vitest';
import { billLineInput, billMoney, billPaid, billRequest, billStatus, gstOn } from './bills.ts';

const line = (quantity: string | number, unitPrice: string, gst = true) =>
  billLineInput.parse({ description: 'Work', quantity, unitPrice, gst });

describe('bill figures', () => {
  it('works out each line and the sums to the cent, against a recount', () => {
    const lines = [line(3, '33.33'), line('2.5', '12.34', false), line('0.5', '0.10')];
    const money = billMoney(lines);
    // Recounted by hand: 99.99 (+10.00), 30.85 GST-free, 0.05 (+0.01, half a cent up).
    expect(money.lines).toEqual([
      { netCents: 9999, gstCents: 1000, totalCents: 10999 },
      { netCents: 3085, gstCents: 0, totalCents: 3085 },
      { netCents: 5, gstCents: 1, totalCents: 6 },
    ]);
    expect(money).toMatchObject({
      subtotalCents: 13089,
      gstFreeCents: 3085,
      gstCents: 1001,
      totalCents: 14090,
    });
    for (let cents = 0; cents < 2000; cents++) {
      expect(gstOn(cents)).toBe(Math.round((cents * 10) / 100 + 1e-9));
    }
  });

  it('refuses negative amounts, fractions of a cent and no lines, naming the field', () => {
    const issues = (body: object) =>
      billRequest
        .safeParse({ email: 'a@example.com', dueDate: '2030-01-01', ...body })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ lines: [{ description: 'x', quantity: 1, unitPrice: '-1' }] })).toEqual([
      ['lines.0.unitPrice', 'Unit price cannot be negative'],
    ]);
    expect(
      issues({ lines: [{ description: 'x', quantity: 1, unitPrice: '0.001' }] })?.[0]?.[0],
    ).toBe('lines.0.unitPrice');
    expect(
      issues({ lines: [{ description: 'x', quantity: '0.5', unitPrice: '0.01' }] })?.[0],
    ).toEqual([
      'lines.0.unitPrice',
      'Quantity × unit price comes to a fraction of a cent: change the quantity or the unit price',
    ]);
    expect(issues({ lines: [] })).toEqual([['lines', 'Add at least one line']]);
    expect(issues({ lines: [{ description: '', quantity: 1, unitPrice: '1' }] })).toEqual([
      ['lines.0.description', 'Describe the line'],
    ]);
  });

  it('counts what was paid from the records, and the state from it and the due date', () => {
    const payments = [
      {
        amountCents: 1100,
        status: 'succeeded',
        refunds: [{ amountCents: 1100, status: 'succeeded' }],
      },
      { amountCents: 1100, status: 'failed', refunds: [] },
    ];
    expect(billPaid(payments)).toBe(0);
    const sent = { sentAt: new Date(), voidedAt: null, dueDate: '2026-11-28' };
    expect(billStatus(sent, 1100, 0, '2026-11-28')).toBe('sent');
    expect(billStatus(sent, 1100, 0, '2026-11-29')).toBe('overdue');
    expect(billStatus(sent, 1100, 1100, '2026-11-29')).toBe('paid');
    expect(billStatus({ ...sent, sentAt: null }, 1100, 0, '2026-11-29')).toBe('draft');
    expect(billStatus({ ...sent, voidedAt: new Date() }, 1100, 0, '2026-11-29')).toBe('void');
  });
});
