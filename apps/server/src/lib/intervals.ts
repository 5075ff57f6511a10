/** The start of the next period after `from`. Month ends clamp (31 Jan -> 28/29 Feb). */
export function addInterval(from: Date, interval: 'weekly' | 'monthly'): Date {
  if (interval === 'weekly') return new Date(from.getTime() + 7 * 24 * 3600_000);
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * The start of the period that ends at `to`: a week or a month before it, month ends clamped as
 * `addInterval` clamps them (the period ending 30 April started 30 March; ending 28 February,
 * 28 January). A subscription's current period is the one ending at its next charge.
 */
export function subtractInterval(to: Date, interval: 'weekly' | 'monthly'): Date {
  if (interval === 'weekly') return new Date(to.getTime() - 7 * 24 * 3600_000);
  const start = new Date(to);
  const day = start.getUTCDate();
  start.setUTCDate(1);
  start.setUTCMonth(start.getUTCMonth() - 1);
  const lastDay = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0),
  ).getUTCDate();
  start.setUTCDate(Math.min(day, lastDay));
  return start;
}

/** How many periods of an interval a year holds: a monthly figure is the charge × this / 12. */
export function periodsPerYear(interval: 'weekly' | 'monthly'): number {
  return interval === 'weekly' ? 52 : 12;
}
