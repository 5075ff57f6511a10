import { formatDay } from '@noise/shared/format-day';
import { formatMoney, toCents } from '@noise/shared/pricing';

/** A price in dollars as the API sends it, shown as '$1,234.50'. */
export function formatPrice(dollars: number): string {
  return formatMoney(toCents(dollars));
}

export { formatMoney };

/** docs/product.md#formats-and-layout-constants: '05 Mar, 2024', the one way a day is written. */
export const formatDate = (value: string | number | Date): string => formatDay(value);

/** 'Content Creations' from 'content-creations'. */
export function humanizeSlug(segment: string): string {
  const words = decodeURIComponent(segment).replace(/-/g, ' ').trim();
  return words.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}
