import { z } from 'zod';

/**
 * Dates in requests. A pattern alone lets through 2024-13-45 and 2024-02-30, which JavaScript
 * quietly rolls over into another day and PostgreSQL refuses with an error: every date a request
 * carries is checked against the calendar here, so such a date is a 400 with a message.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a day that exists; year 0 does not (PostgreSQL goes from 1 BC to AD 1). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!);
}

/** YYYY-MM-DD naming a day that exists. */
export function isLocalDate(text: string): boolean {
  const m = DATE.exec(text);
  return !!m && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** YYYY-MM-DD, or an ISO 8601 date and time, naming a day and a time that exist. */
export function isDateOrDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hours, minutes, seconds, offsetHours, offsetMinutes] = m.slice(4).map(Number);
  if (hours! > 23 || minutes! > 59 || seconds! > 59) return false;
  if (offsetHours! > 23 || offsetMinutes! > 59) return false;
  return !Number.isNaN(Date.parse(text));
}

const REAL_DATE = 'That date does not exist: use a real date like 2026-01-31';

/** A local calendar date (YYYY-MM-DD): report ranges, sales filters. */
export const localDateSchema = z
  .string()
  .regex(DATE, 'Use a date like 2026-01-31')
  .refine(isLocalDate, REAL_DATE);

/** A date (YYYY-MM-DD) or an ISO 8601 date and time: delivery dates, status update dates. */
export const dateOrDateTimeSchema = z
  .string()
  .trim()
  .min(1, 'Choose a date')
  .regex(DATE_TIME, 'Choose a date like 2026-01-31')
  .refine(isDateOrDateTime, REAL_DATE);

/**
 * YYYY-MM-DD of a moment in a time zone (the business's: a sale just after midnight in Sydney
 * belongs to the new day whatever the server's or the browser's zone).
 */
export function localDate(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The calendar day `days` after (or before, when negative) a 'YYYY-MM-DD' day. */
export function addLocalDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm' of a moment on a time zone's wall clock (exports, as the business reads them). */
export function localDateTime(date: Date, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${localDate(date, timeZone)} ${time}`;
}

/** How far a time zone's wall clock is ahead of UTC at a moment, in milliseconds. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The last millisecond of a calendar day (YYYY-MM-DD) in a time zone: a day the business names
 * ends at its own midnight, not at UTC's (eleven hours later in Sydney in summer).
 */
export function endOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const nextMidnightUtc = Date.UTC(year!, month! - 1, day! + 1);
  // The zone's offset at its own next midnight: read twice, as a daylight-saving change may
  // fall between UTC's midnight and the zone's.
  let at = nextMidnightUtc;
  for (let i = 0; i < 2; i++) at = nextMidnightUtc - zoneOffsetMs(at, timeZone);
  return new Date(at - 1);
}
