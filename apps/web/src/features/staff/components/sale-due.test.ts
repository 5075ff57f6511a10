import { describe, expect, it } from 'vitest';
import { saleDueText } from './sale-due';

const sale = {
  status: 'active',
  deliveryDate: null,
  startDate: '2026-11-20T00:00:00.000Z',
  expectedDeliveryDate: '2026-11-27T00:00:00.000Z',
  deliveryDays: 5,
};

describe('saleDueText', () => {
  it('counts days to the due date, and past it', () => {
    expect(saleDueText(sale, '2026-11-24')).toBe('Due in 3 days');
    expect(saleDueText(sale, '2026-11-27')).toBe('Due today');
    expect(saleDueText(sale, '2026-11-29')).toBe('Overdue by 2 days');
  });

  it('says when there is nothing to count', () => {
    expect(saleDueText({ ...sale, status: 'on-hold' }, '2026-11-24')).toBe('Paused while on hold');
    expect(saleDueText({ ...sale, status: 'completed' }, '2026-11-24')).toBe('Delivered');
    expect(saleDueText({ ...sale, expectedDeliveryDate: null }, '2026-11-24')).toBe(
      'Waiting for the brief: then 5 working days',
    );
  });
});
