import { describe, expect, it } from 'vitest';
import { deliveredDate, projectStageLabel } from './project-constants.ts';

describe('projectStageLabel', () => {
  it('says an active project waits for its brief, to each reader in their words', () => {
    const waiting = { status: 'active', briefSubmitted: false };
    expect(projectStageLabel(waiting, 'customer')).toBe('Waiting for your brief');
    expect(projectStageLabel(waiting, 'staff')).toBe('Waiting for the brief');
    expect(projectStageLabel({ status: 'active', briefSubmitted: true }, 'customer')).toBe(
      'In Progress',
    );
    // Only an active project waits: one on hold or finished says so, brief or not.
    expect(projectStageLabel({ status: 'on-hold', briefSubmitted: false }, 'customer')).toBe(
      'On Hold',
    );
    expect(projectStageLabel({ status: 'archived' }, 'staff')).toBe('archived');
  });
});

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
