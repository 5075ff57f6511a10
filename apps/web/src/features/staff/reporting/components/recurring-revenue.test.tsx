import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecurringReport } from '@noise/shared/reports';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { RecurringRevenue } from './recurring-revenue';

const report: RecurringReport = {
  timeZone: 'Australia/Sydney',
  monthly: {
    cents: 80_667,
    gstCents: 7_333,
    plans: 2,
    pastDue: 1,
    paused: { plans: 1, cents: 33_000 },
  },
  movements: {
    since: '2026-12-01',
    openingCents: 70_000,
    closingCents: 80_667,
    items: [
      { kind: 'new', label: 'New', plans: 1, cents: 47_667, gstCents: 4_333 },
      { kind: 'expansion', label: 'Expansion', plans: 1, cents: 22_000, gstCents: 2_000 },
      { kind: 'contraction', label: 'Contraction', plans: 0, cents: 0, gstCents: 0 },
      { kind: 'churned', label: 'Churned', plans: 1, cents: -26_000, gstCents: -2_364 },
      { kind: 'paused', label: 'Paused', plans: 1, cents: -33_000, gstCents: -3_000 },
      { kind: 'resumed', label: 'Resumed', plans: 0, cents: 0, gstCents: 0 },
    ],
  },
  renewals: {
    days: 30,
    count: 1,
    totalCents: 11_000,
    items: [
      {
        projectId: 'project-1',
        orderNumber: 1042,
        client: 'Acme Pty Ltd',
        serviceTitle: 'Social Media',
        packageTitle: 'Starter',
        at: '2026-12-05T02:00:00.000Z',
        amountCents: 11_000,
      },
    ],
  },
  outstanding: {
    totalCents: 33_000,
    count: 2,
    buckets: [
      { label: 'Not yet due', cents: 22_000, count: 1 },
      { label: '1–30 days overdue', cents: 0, count: 0 },
      { label: '31–60 days overdue', cents: 11_000, count: 1 },
      { label: '61–90 days overdue', cents: 0, count: 0 },
      { label: 'Over 90 days overdue', cents: 0, count: 0 },
    ],
  },
};

describe('Reporting: recurring revenue', () => {
  it('shows the monthly amount, the coming renewals with their sale, and what is owed by age', async () => {
    answer('get', '/api/reports/recurring', report);
    renderWithApp(<RecurringRevenue />, { role: 'admin' });

    expect((await screen.findAllByText('$806.67')).length).toBe(2);
    expect(
      screen.getByText(
        "2 plans, 1 past due; a charge counts its periods a year over 12 (a week's 52/12, a quarter's 4/12). Paused: 1 plan, $330.00 a month",
      ),
    ).toBeInTheDocument();
    const renewals = screen.getByRole('table', { name: 'Renewals in the next 30 days' });
    expect(within(renewals).getByText('05 Dec, 2026')).toBeInTheDocument();
    expect(within(renewals).getByRole('link', { name: 'Social Media (Starter)' })).toHaveAttribute(
      'href',
      '/wkm-dashboard/sales/edit/project-1',
    );
    const ages = screen.getByRole('table', { name: 'Outstanding invoices by age' });
    const overdue = within(ages).getByRole('row', { name: /31–60 days overdue/ });
    expect(within(overdue).getByText('$110.00')).toBeInTheDocument();
    expect(screen.getByText('$330.00')).toBeInTheDocument();

    // How the figure moved this month: opening + movements = now.
    const moves = screen.getByRole('table', { name: 'Monthly recurring revenue this month' });
    expect(within(moves).getByRole('row', { name: /Opening, 01 Dec, 2026/ })).toHaveTextContent(
      '$700.00',
    );
    expect(within(moves).getByRole('row', { name: /^Expansion/ })).toHaveTextContent('+$220.00');
    expect(within(moves).getByRole('row', { name: /^Churned/ })).toHaveTextContent('−$260.00');
    expect(within(moves).getByRole('row', { name: /^Paused/ })).toHaveTextContent('−$330.00');
    expect(within(moves).getByRole('row', { name: /^Now/ })).toHaveTextContent('$806.67');
  });
});
