// The one way a day is written; no zod here, as the public pages' first load carries it.
// One formatter per zone, made on first use: making an Intl formatter takes milliseconds, and
// most public pages that load this module show no date.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day as the product writes it everywhere, on the site, in emails and in PDFs: '05 Mar, 2024'
 * (docs/product.md#formats-and-layout-constants). On the calendar of `timeZone` (the business's
 * for mails and documents: a charge at 14:30 UTC on 31 March is 1 April in Sydney), else the
 * reader's. '' for a value that is not a date.
 */
export function formatDay(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone,
    });
    dayFormats.set(key, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
}

/**
 * A calendar day the server counted already (YYYY-MM-DD, in the business time zone: a due date,
 * an estimated start) written as `formatDay` writes a day, the same for every reader: '03 Dec,
 * 2026'. '' for a value that is not a day.
 */
export function formatCalendarDay(day: string): string {
  return formatDay(`${day}T00:00:00Z`, 'UTC');
}
