import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. There is no Tailwind class merging (tailwind-merge costs about 9 KB gzip on
 * every first load): components take extra classes that add to theirs, and anything that would
 * conflict is a variant or a prop instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
