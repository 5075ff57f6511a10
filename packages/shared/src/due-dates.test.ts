import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryDaysSchema, workingDaysBetween } from './due-dates.ts';

describe('working days', () => {
  it('skips weekends when counting forward', () => {
    // 2026-11-23 is a Monday.
    expect(addWorkingDays('2026-11-23', 3)).toBe('2026-11-26');
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30'); // Friday + 1 is Monday
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30'); // from a Saturday
    expect(addWorkingDays('2026-11-23', 10)).toBe('2026-12-07');
    expect(addWorkingDays('2026-11-23', 0)).toBe('2026-11-23');
  });

  it('counts the working days a pause took', () => {
    expect(workingDaysBetween('2026-11-23', '2026-11-23')).toBe(0);
    expect(workingDaysBetween('2026-11-27', '2026-11-30')).toBe(1); // Fri to Mon
    expect(workingDaysBetween('2026-11-23', '2026-12-07')).toBe(10);
    expect(workingDaysBetween('2026-12-07', '2026-11-23')).toBe(0);
  });

  it('takes a delivery time as a whole number of working days', () => {
    expect(deliveryDaysSchema.parse('5')).toBe(5);
    expect(deliveryDaysSchema.parse(12)).toBe(12);
    for (const bad of ['0', '-1', '2.5', 'ten', '', 251, 1.5]) {
      expect(deliveryDaysSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
