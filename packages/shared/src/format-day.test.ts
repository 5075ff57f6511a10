import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDay } from './format-day.ts';

describe('formatDay', () => {
  it("writes a day as '05 Mar, 2024' on the calendar of the zone it is given", () => {
    const charge = new Date('2026-03-31T14:30:00Z');
    expect(formatDay(charge, 'Australia/Sydney')).toBe('01 Apr, 2026');
    expect(formatDay(charge, 'UTC')).toBe('31 Mar, 2026');
    expect(formatDay('2024-03-05T00:00:00Z', 'UTC')).toBe('05 Mar, 2024');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatDay('not a date')).toBe('');
  });
});

describe('formatCalendarDay', () => {
  it('writes a counted day as that day for every reader', () => {
    expect(formatCalendarDay('2026-12-03')).toBe('03 Dec, 2026');
    expect(formatCalendarDay('not a day')).toBe('');
  });
});
