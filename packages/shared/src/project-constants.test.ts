import { describe, expect, it } from 'vitest';
import { deliveredDate } from './project-constants.ts';

describe('deliveredDate', () => {
  const startDate = '2026-11-02T00:00:00.000Z';
  it('is the delivery date on or after the start, a same-day delivery included', () => {
    expect(deliveredDate({ startDate, deliveryDate: '2026-11-20T00:00:00.000Z' })).toBe(
      '2026-11-20T00:00:00.000Z',
    );
    expect(deliveredDate({ startDate, deliveryDate: startDate })).toBe(startDate);
  });
  it('is null before delivery, and for a date before the start', () => {
    expect(deliveredDate({ startDate, deliveryDate: null })).toBeNull();
    expect(deliveredDate({ startDate })).toBeNull();
    expect(deliveredDate({ startDate, deliveryDate: '2026-11-01T00:00:00.000Z' })).toBeNull();
  });
});
