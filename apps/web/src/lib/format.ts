import { formatMoney, toCents } from '@noise/shared/pricing';

/** A price in dollars as the API sends it, shown as '$1,234.50'. */
export function formatPrice(dollars: number): string {
  return formatMoney(toCents(dollars));
}

export { formatMoney };

// Made on first use: an Intl formatter takes milliseconds to make, and most public pages that
// load this module show no date.
let dateParts: Intl.DateTimeFormat | undefined;

/** docs/product.md#formats-and-layout-constants: '05 Mar, 2024'. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  dateParts ??= new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
  const parts = dateParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${part('year')}`;
}

/** 'Content Creations' from 'content-creations'. */
export function humanizeSlug(segment: string): string {
  const words = decodeURIComponent(segment).replace(/-/g, ' ').trim();
  return words.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}
