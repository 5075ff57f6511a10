import { describe, expect, it } from 'vitest';
import {
  addInterval,
  defaultPriceSuffix,
  intervalTerms,
  isDefaultPriceSuffix,
  periodTerms,
  periodsPerYear,
  recurringIntervals,
  subtractInterval,
  termLengthText,
  termsOfType,
} from './intervals.ts';
import { planIncludes, planUseWords } from './request-words.ts';
import { paymentTerms } from './pricing.ts';

const day = (iso: string) => new Date(`${iso}T09:30:00.000Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

describe('addInterval', () => {
  it.each([
    ['2026-01-31', 'weekly', '2026-02-07'],
    ['2026-01-31', 'fortnightly', '2026-02-14'],
    ['2026-12-25', 'fortnightly', '2027-01-08'],
    ['2026-01-31', 'monthly', '2026-02-28'],
    ['2028-01-31', 'monthly', '2028-02-29'],
    ['2026-01-31', 'quarterly', '2026-04-30'],
    ['2026-11-30', 'quarterly', '2027-02-28'],
    ['2027-11-30', 'quarterly', '2028-02-29'],
    ['2026-05-15', 'quarterly', '2026-08-15'],
    ['2028-02-29', 'yearly', '2029-02-28'],
    ['2026-03-31', 'yearly', '2027-03-31'],
  ] as const)('%s + %s is %s, month ends clamped', (from, interval, next) => {
    const at = addInterval(day(from), interval);
    expect(iso(at)).toBe(next);
    // The time of day is kept: a renewal is charged at the hour the plan was bought.
    expect(at.toISOString().slice(10)).toBe('T09:30:00.000Z');
  });
});

describe('subtractInterval', () => {
  it.each([
    ['2026-02-14', 'fortnightly', '2026-01-31'],
    ['2026-04-30', 'quarterly', '2026-01-30'],
    ['2026-05-31', 'quarterly', '2026-02-28'],
    ['2028-05-31', 'quarterly', '2028-02-29'],
    ['2029-02-28', 'yearly', '2028-02-28'],
    ['2028-02-29', 'yearly', '2027-02-28'],
    ['2026-03-31', 'monthly', '2026-02-28'],
  ] as const)('the %s period ending %s began %s', (to, interval, start) => {
    expect(iso(subtractInterval(day(to), interval))).toBe(start);
  });
});

describe('intervalTerms', () => {
  it('gives each interval its length and words from one table', () => {
    expect(recurringIntervals.map((i) => intervalTerms(i).period)).toEqual([
      'week',
      '2 weeks',
      'month',
      'quarter',
      'year',
    ]);
    expect(recurringIntervals.map((i) => intervalTerms(i).suffix)).toEqual([
      '/week',
      '/2 weeks',
      '/month',
      '/quarter',
      '/year',
    ]);
    expect(intervalTerms('quarterly')).toMatchObject({
      length: { months: 3 },
      billed: 'billed quarterly',
      thisPeriod: 'this quarter',
      perPeriod: 'a quarter',
    });
    expect(intervalTerms('fortnightly')).toMatchObject({
      length: { days: 14 },
      thisPeriod: 'these two weeks',
      perPeriod: 'every two weeks',
    });
    expect(intervalTerms('yearly').length).toEqual({ months: 12 });
    expect(recurringIntervals.map(periodsPerYear)).toEqual([52, 26, 12, 4, 1]);
    expect(periodTerms('year').interval).toBe('yearly');
    expect(termsOfType('one-time').interval).toBe('monthly');
  });

  it('gives the default price suffix of each type, and knows a default from one typed', () => {
    expect(defaultPriceSuffix('quarterly')).toBe('/quarter exc. GST');
    expect(defaultPriceSuffix('fortnightly')).toBe('/2 weeks exc. GST');
    expect(defaultPriceSuffix('one-time')).toBe('exc. GST');
    expect(isDefaultPriceSuffix('/year exc. GST')).toBe(true);
    expect(isDefaultPriceSuffix('/month + ad spend')).toBe(false);
  });

  it("words a request plan's allowance and the payment terms per period", () => {
    expect(
      planIncludes({ type: 'quarterly', activeRequestLimit: 1, requestsPerPeriod: 6 }),
    ).toEqual(['1 active request at a time', '6 requests a quarter']);
    expect(
      planIncludes({ type: 'fortnightly', activeRequestLimit: 2, requestsPerPeriod: null }),
    ).toEqual(['2 active requests at a time', 'Unlimited requests every two weeks']);
    expect(
      planUseWords({
        active: 1,
        activeRequestLimit: 1,
        usedThisPeriod: 3,
        requestsPerPeriod: 12,
        extraThisPeriod: 0,
        period: 'year',
      }),
    ).toEqual(['1 of 1 active', '3 of 12 this year']);
    expect(
      planUseWords({
        active: 0,
        activeRequestLimit: 1,
        usedThisPeriod: 1,
        requestsPerPeriod: null,
        extraThisPeriod: 0,
        period: '2 weeks',
      })[1],
    ).toBe('1 these two weeks');
    expect(
      paymentTerms({ grandTotalCents: 110_000, recurringTotalWithGstCents: 165_000 }, 'quarterly')
        .thereafter,
    ).toBe('Then $1,650.00 every quarter inc. GST');
  });
});

describe('termLengthText', () => {
  it('says a minimum term in weeks, months or years', () => {
    expect(termLengthText('weekly', 1)).toBe('1 week');
    expect(termLengthText('fortnightly', 4)).toBe('8 weeks');
    expect(termLengthText('monthly', 3)).toBe('3 months');
    expect(termLengthText('quarterly', 2)).toBe('6 months');
    expect(termLengthText('yearly', 2)).toBe('2 years');
  });
});
