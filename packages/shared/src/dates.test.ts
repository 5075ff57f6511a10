import { describe, expect, it } from 'vitest';
import { dateOrDateTimeSchema, endOfLocalDay, localDate, localDateSchema } from './dates.ts';

describe('request dates', () => {
  it('takes real days, leap days included', () => {
    for (const date of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(localDateSchema.safeParse(date).success, date).toBe(true);
      expect(dateOrDateTimeSchema.safeParse(date).success, date).toBe(true);
    }
    for (const time of [
      '2026-01-31T10:00',
      '2026-01-31T23:59:59Z',
      '2026-01-31T00:00:00.000Z',
      '2026-01-31T10:00:00+10:00',
    ]) {
      expect(dateOrDateTimeSchema.safeParse(time).success, time).toBe(true);
    }
  });

  it('refuses days and times that do not exist', () => {
    for (const date of [
      '2024-13-45',
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
    ]) {
      expect(localDateSchema.safeParse(date).error?.issues[0]?.message, date).toMatch(/real date/);
      expect(dateOrDateTimeSchema.safeParse(date).success, date).toBe(false);
    }
    for (const time of ['2024-02-30T10:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T10:61Z']) {
      expect(dateOrDateTimeSchema.safeParse(time).success, time).toBe(false);
    }
    for (const text of ['soon', '31/01/2026', '2026-1-5', '']) {
      expect(localDateSchema.safeParse(text).success, text).toBe(false);
      expect(dateOrDateTimeSchema.safeParse(text).success, text).toBe(false);
    }
  });
});

describe('the end of a day in a time zone', () => {
  it("ends at the zone's own midnight, summer and winter", () => {
    // Sydney is UTC+11 in December and UTC+10 in June.
    expect(endOfLocalDay('2026-12-24', 'Australia/Sydney').toISOString()).toBe(
      '2026-12-24T12:59:59.999Z',
    );
    expect(endOfLocalDay('2026-06-24', 'Australia/Sydney').toISOString()).toBe(
      '2026-06-24T13:59:59.999Z',
    );
    expect(endOfLocalDay('2026-12-24', 'UTC').toISOString()).toBe('2026-12-24T23:59:59.999Z');
    expect(endOfLocalDay('2026-12-24', 'America/New_York').toISOString()).toBe(
      '2026-12-25T04:59:59.999Z',
    );
  });

  it('is still that day there, and the next millisecond is the next day, across a clock change', () => {
    // Daylight saving starts in Sydney on 4 October 2026 and ends on 5 April 2026.
    for (const day of ['2026-10-03', '2026-10-04', '2026-04-04', '2026-04-05', '2026-02-28']) {
      const end = endOfLocalDay(day, 'Australia/Sydney');
      expect(localDate(end, 'Australia/Sydney')).toBe(day);
      expect(localDate(new Date(end.getTime() + 1), 'Australia/Sydney')).not.toBe(day);
    }
  });
});
