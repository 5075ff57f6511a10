/** Words of request plans with no schema, light enough for the storefront (docs/decisions/091). */
import { intervalTerms, isRecurringInterval, periodTerms, type Period } from './intervals.ts';

/** '1st', '2nd', '3rd', '11th', '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${n % 10 > 3 ? 'th' : suffix}`;
}

/** What a plan includes, in words: '1 active request at a time', '4 requests a month', '2 requests every two weeks'. */
export function planIncludes(plan: {
  type: string;
  activeRequestLimit: number | null;
  requestsPerPeriod: number | null;
}): string[] {
  if (plan.activeRequestLimit === null) return [];
  const n = plan.activeRequestLimit;
  const lines = [`${n} active request${n === 1 ? '' : 's'} at a time`];
  const perPeriod = isRecurringInterval(plan.type)
    ? intervalTerms(plan.type).perPeriod
    : 'a period';
  if (plan.requestsPerPeriod === null) lines.push(`Unlimited requests ${perPeriod}`);
  else {
    const p = plan.requestsPerPeriod;
    lines.push(`${p} request${p === 1 ? '' : 's'} ${perPeriod}`);
  }
  return lines;
}

/**
 * A plan's use in words: '1 of 1 active', then '3 of 4 this month', or '3 this month' when the
 * plan has no cap a period (docs/product.md#request-plans).
 */
export function planUseWords(use: {
  active: number;
  activeRequestLimit: number;
  usedThisPeriod: number;
  requestsPerPeriod: number | null;
  extraThisPeriod: number;
  period: Period;
}): string[] {
  const { thisPeriod } = periodTerms(use.period);
  const extra = use.extraThisPeriod ? ` (${use.extraThisPeriod} extra)` : '';
  return [
    `${use.active} of ${use.activeRequestLimit} active`,
    use.requestsPerPeriod === null
      ? `${use.usedThisPeriod} ${thisPeriod}`
      : `${use.usedThisPeriod} of ${use.requestsPerPeriod + use.extraThisPeriod} ${thisPeriod}${extra}`,
  ];
}
