import { z } from 'zod';

/**
 * Due dates in working days (docs/decisions/054). A service, and a custom quote, says how many
 * working days its work takes; a project is due that many working days (Monday to Friday, in the
 * business time zone) after its brief arrives. Days are calendar days written YYYY-MM-DD.
 */

export const DEFAULT_DELIVERY_DAYS = 10;
export const MAX_DELIVERY_DAYS = 250;

const DELIVERY_DAYS_MESSAGE = `Delivery time is a whole number of working days, 1 to ${MAX_DELIVERY_DAYS}`;

/** 'Delivery time (working days)' on the service and quote forms: a number or its text. */
export const deliveryDaysSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, DELIVERY_DAYS_MESSAGE),
    ],
    {
      error: DELIVERY_DAYS_MESSAGE,
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int(DELIVERY_DAYS_MESSAGE)
      .min(1, DELIVERY_DAYS_MESSAGE)
      .max(MAX_DELIVERY_DAYS, DELIVERY_DAYS_MESSAGE),
  );

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday; 1970-01-01 was a Thursday. */
const weekday = (n: number) => (((n + 4) % 7) + 7) % 7;
const isWorkingDay = (n: number) => weekday(n) !== 0 && weekday(n) !== 6;

/** The working day `count` working days after `day` (a Saturday start counts from Monday). */
export function addWorkingDays(day: string, count: number): string {
  let n = dayNumber(day);
  for (let left = count; left > 0;) {
    n += 1;
    if (isWorkingDay(n)) left -= 1;
  }
  return dayText(n);
}

/** Working days after `from` up to and including `to` (0 when `to` is not later). */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let n = dayNumber(from) + 1; n <= dayNumber(to); n++) if (isWorkingDay(n)) count++;
  return count;
}

/** Whole calendar days from `today` to `day`, both YYYY-MM-DD (negative when `day` has passed). */
export function daysFromTo(today: string, day: string): number {
  return Math.round(dayNumber(day) - dayNumber(today));
}
