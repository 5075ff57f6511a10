import { describe, expect, it } from 'vitest';
import { planDays, prorateUpgrade } from './plan-change.ts';

describe('planDays', () => {
  it('counts the days on the business’s calendar, not in UTC', () => {
    // The next charge is 1:30 am on 1 April in Sydney (14:30 UTC on 31 March): the period ends
    // on 1 April there and started on 1 March (31 days); at 11 pm on 25 March in Sydney (12:00
    // UTC) seven days are left.
    const next = new Date('2026-03-31T14:30:00Z');
    const start = new Date('2026-02-28T14:30:00Z');
    const days = planDays(new Date('2026-03-25T12:00:00Z'), start, next, 'Australia/Sydney');
    expect(days).toEqual({ daysLeft: 7, periodDays: 31 });
    // An hour later it is the 26th in Sydney: one day fewer.
    expect(
      planDays(new Date('2026-03-25T13:30:00Z'), start, next, 'Australia/Sydney').daysLeft,
    ).toBe(6);
  });

  it('leaves no days once the next charge’s day has come', () => {
    const next = new Date('2026-06-10T00:00:00Z');
    const start = new Date('2026-05-10T00:00:00Z');
    expect(planDays(new Date('2026-06-12T00:00:00Z'), start, next, 'UTC')).toEqual({
      daysLeft: 0,
      periodDays: 31,
    });
  });
});

describe('prorateUpgrade', () => {
  it('charges the difference for the days left, rounded half up, then GST once', () => {
    // $150.00 more a month, 11 of 30 days: $55.00 before GST, $60.50 with it.
    expect(prorateUpgrade(10_000, 25_000, { daysLeft: 11, periodDays: 30 })).toEqual({
      beforeGstCents: 5_500,
      amountCents: 6_050,
      gstCents: 550,
    });
    // 1 cent more, 1 of 2 days: half a cent rounds up to 1, and GST on 1 cent rounds to 0.
    expect(prorateUpgrade(100, 101, { daysLeft: 1, periodDays: 2 })).toEqual({
      beforeGstCents: 1,
      amountCents: 1,
      gstCents: 0,
    });
  });

  it('charges nothing for a cheaper package or when no day is left', () => {
    const none = { beforeGstCents: 0, amountCents: 0, gstCents: 0 };
    expect(prorateUpgrade(25_000, 10_000, { daysLeft: 10, periodDays: 30 })).toEqual(none);
    expect(prorateUpgrade(10_000, 25_000, { daysLeft: 0, periodDays: 30 })).toEqual(none);
  });
});
