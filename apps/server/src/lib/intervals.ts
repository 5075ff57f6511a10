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
