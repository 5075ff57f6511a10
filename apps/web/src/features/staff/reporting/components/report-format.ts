import { localDate } from '@noise/shared/dates';
import type { ReportGranularity } from '@noise/shared/reports';

const dayMonth = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '05 Mar', 'w/c 05 Mar' or 'Mar 2026' for a period's first local date (YYYY-MM-DD). */
export function periodLabel(period: string, granularity: ReportGranularity): string {
  const date = new Date(`${period}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return period;
  if (granularity === 'month') return monthYear.format(date);
  return granularity === 'week' ? `w/c ${dayMonth.format(date)}` : dayMonth.format(date);
}

export const reportRanges = ['last7days', 'last30days', 'last90days', 'last365days'] as const;
export type ReportRange = (typeof reportRanges)[number];
export const reportRangeDays: Record<ReportRange, number> = {
  last7days: 7,
  last30days: 30,
  last90days: 90,
  last365days: 365,
};

const DAY_MS = 24 * 3600_000;

/** The last N days, today included, in the business time zone. */
export function rangeDates(
  range: ReportRange,
  now = new Date(),
  timeZone?: string,
): { from: string; to: string } {
  const from = new Date(now.getTime() - (reportRangeDays[range] - 1) * DAY_MS);
  return { from: localDate(from, timeZone), to: localDate(now, timeZone) };
}

/**
 * The Sales CSV takes the Sales list's date ranges, not dates: the smallest range reaching back
 * to `from` (none, i.e. every sale, beyond a year).
 */
export function csvRangeFor(from: string, now = new Date(), timeZone?: string): ReportRange | null {
  for (const range of reportRanges) {
    if (rangeDates(range, now, timeZone).from <= from) return range;
  }
  return null;
}
