/**
 * How often a recurring package renews (docs/product.md#recurring-packages), and every word and
 * length that goes with it, in one table so that no file keeps its own switch on the interval.
 * No schema here: the storefront loads it.
 */
export const recurringIntervals = [
  'weekly',
  'fortnightly',
  'monthly',
  'quarterly',
  'yearly',
] as const;
export type RecurringInterval = (typeof recurringIntervals)[number];

/** A period as it follows 'every' or '/': 'every 2 weeks', '$550.00 / quarter'. */
export const periods = ['week', '2 weeks', 'month', 'quarter', 'year'] as const;
export type Period = (typeof periods)[number];

export interface IntervalTerms {
  interval: RecurringInterval;
  /** A period's length: whole days (a week, two weeks) or calendar months (month ends clamped). */
  length: { days: number } | { months: number };
  /** 'week', '2 weeks', 'month', 'quarter', 'year': after 'every' or '/'. */
  period: Period;
  /** The staff form's option and a sale's type: 'Weekly', 'Every two weeks', 'Quarterly'. */
  label: string;
  /** A price's unit on the storefront: '/week', '/2 weeks', '/month', '/quarter', '/year'. */
  suffix: string;
  /** 'billed weekly', 'billed every two weeks', 'billed quarterly'. */
  billed: string;
  /** A count per period: '4 requests a month', '4 requests every two weeks'. */
  perPeriod: string;
  /** The current period: 'this month', 'these two weeks', 'this quarter'. */
  thisPeriod: string;
  /** Periods in a year: a monthly figure is the charge × this / 12 (52 for a week, 4 a quarter). */
  perYear: number;
  /** schema.org UnitPriceSpecification: billingDuration of unitCode (UN/CEFACT). */
  schemaOrg: { billingDuration: number; unitCode: 'WEE' | 'MON' | 'ANN' };
}

/**
 * One interval's terms, the words made from its period ('/quarter', 'a quarter', 'this quarter',
 * 'billed quarterly'); `every` where English says it otherwise (two weeks). Built, not written
 * out, because the storefront loads this table on every page.
 */
function terms(
  interval: RecurringInterval,
  length: IntervalTerms['length'],
  period: Period,
  perYear: number,
  label: string,
  schemaOrg: IntervalTerms['schemaOrg'],
  every?: { perPeriod: string; thisPeriod: string },
): IntervalTerms {
  return {
    interval,
    length,
    period,
    perYear,
    suffix: `/${period}`,
    label,
    billed: `billed ${every ? every.perPeriod : interval}`,
    perPeriod: every ? every.perPeriod : `a ${period}`,
    thisPeriod: every ? every.thisPeriod : `this ${period}`,
    schemaOrg,
  };
}

const TERMS: Record<RecurringInterval, IntervalTerms> = {
  weekly: terms('weekly', { days: 7 }, 'week', 52, 'Weekly', {
    billingDuration: 1,
    unitCode: 'WEE',
  }),
  fortnightly: terms(
    'fortnightly',
    { days: 14 },
    '2 weeks',
    26,
    'Every two weeks',
    { billingDuration: 2, unitCode: 'WEE' },
    { perPeriod: 'every two weeks', thisPeriod: 'these two weeks' },
  ),
  monthly: terms('monthly', { months: 1 }, 'month', 12, 'Monthly', {
    billingDuration: 1,
    unitCode: 'MON',
  }),
  quarterly: terms('quarterly', { months: 3 }, 'quarter', 4, 'Quarterly', {
    billingDuration: 3,
    unitCode: 'MON',
  }),
  yearly: terms('yearly', { months: 12 }, 'year', 1, 'Yearly', {
    billingDuration: 1,
    unitCode: 'ANN',
  }),
};

export function isRecurringInterval(type: string): type is RecurringInterval {
  return (recurringIntervals as readonly string[]).includes(type);
}

/** Everything about an interval: its length and its words. */
export function intervalTerms(interval: RecurringInterval): IntervalTerms {
  return TERMS[interval];
}

/**
 * The terms of a package type as stored (text): a recurring one's own, else a month's, as a plan
 * read back from a row whose type is only known to be a string.
 */
export function termsOfType(type: string): IntervalTerms {
  return TERMS[isRecurringInterval(type) ? type : 'monthly'];
}

/** The terms of a period word ('quarter'), as an API sends it. */
export function periodTerms(period: Period): IntervalTerms {
  return recurringIntervals.map((i) => TERMS[i]).find((t) => t.period === period)!;
}

/** Months forward (or back, negative) from `from`, the day clamped to the month's last. */
function shiftMonths(from: Date, months: number): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function shift(from: Date, interval: RecurringInterval, sign: 1 | -1): Date {
  const { length } = TERMS[interval];
  if ('days' in length) return new Date(from.getTime() + sign * length.days * 24 * 3600_000);
  return shiftMonths(from, sign * length.months);
}

/**
 * The start of the next period after `from`. Month ends clamp: 31 Jan + a month is 28/29 Feb,
 * + a quarter 30 Apr; 29 Feb + a year is 28 Feb.
 */
export function addInterval(from: Date, interval: RecurringInterval): Date {
  return shift(from, interval, 1);
}

/**
 * The start of the period that ends at `to`, month ends clamped as `addInterval` clamps them (the
 * month ending 30 April started 30 March; the quarter ending 31 May, 28 or 29 February). A
 * subscription's current period is the one ending at its next charge.
 */
export function subtractInterval(to: Date, interval: RecurringInterval): Date {
  return shift(to, interval, -1);
}

/**
 * The price suffix a package of `type` is given by default: '/quarter exc. GST', or 'exc. GST' for
 * a one-time package. The staff form swaps one default for another when the type changes.
 */
export function defaultPriceSuffix(type: string): string {
  return isRecurringInterval(type) ? `${TERMS[type].suffix} exc. GST` : 'exc. GST';
}

/** Whether a suffix is one of the defaults (so changing the type may replace it). */
export function isDefaultPriceSuffix(suffix: string): boolean {
  const s = suffix.trim();
  return s === 'exc. GST' || recurringIntervals.some((i) => s === defaultPriceSuffix(i));
}

/** How many periods of an interval a year holds: a monthly figure is the charge × this / 12. */
export function periodsPerYear(interval: RecurringInterval): number {
  return TERMS[interval].perYear;
}

/**
 * `periods` of `interval` in words, as a minimum term reads: '3 months', '8 weeks' (four
 * fortnights), '6 months' (two quarters), '1 year'.
 */
export function termLengthText(interval: RecurringInterval, periods: number): string {
  const { length } = TERMS[interval];
  const [count, unit] =
    'days' in length
      ? [(periods * length.days) / 7, 'week']
      : length.months % 12 === 0
        ? [(periods * length.months) / 12, 'year']
        : [periods * length.months, 'month'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
