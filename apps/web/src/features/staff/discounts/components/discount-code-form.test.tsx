import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DiscountCode } from '@noise/shared/discounts';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { DiscountCodeForm } from './discount-code-form';

const saved: DiscountCode = {
  _id: 'code-1',
  code: 'SUMMER20',
  kind: 'percent',
  percent: 20,
  amountCents: null,
  serviceIds: [],
  duration: 'every_renewal',
  startsOn: '2026-12-01',
  endsOn: '2026-12-31',
  maxUses: null,
  maxUsesPerCustomer: null,
  minimumOrderCents: null,
  active: true,
  uses: 0,
  discountGivenCents: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
};

beforeEach(() => {
  // 'Chosen services' lists the services a code may be limited to.
  answer('get', '/api/services/manage', []);
});

const renderForm = () =>
  renderWithApp(<DiscountCodeForm />, { path: '/wkm-dashboard/discount-codes/new' });

describe('DiscountCodeForm', () => {
  it('refuses a percentage out of range, an end before the start and a code with a space', async () => {
    const sent = answer('post', '/api/discount-codes', saved);
    const { fill, user } = renderForm();

    await fill(screen.getByLabelText('Code'), 'SUMMER 20');
    await fill(screen.getByLabelText('Percentage'), '0');
    await fill(screen.getByLabelText('Starts on'), '2026-12-01');
    await fill(screen.getByLabelText('Ends on'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Create discount code' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
        'The code may use letters, digits, - and _ only, no spaces',
      ),
    );
    expect(screen.getByLabelText('Percentage')).toHaveAccessibleDescription(
      'The percentage must be between 1 and 100',
    );
    expect(screen.getByLabelText('Ends on')).toHaveAccessibleDescription(
      'The end date must be on or after the start date',
    );

    await fill(screen.getByLabelText('Code'), 'SUMMER20');
    await fill(screen.getByLabelText('Percentage'), '101');
    await fill(screen.getByLabelText('Ends on'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create discount code' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Percentage')).toHaveAccessibleDescription(
        'The percentage must be between 1 and 100',
      ),
    );
    expect(screen.getByLabelText('Code')).not.toHaveAccessibleDescription(/no spaces/);
    expect(screen.getByLabelText('Ends on')).not.toHaveAccessibleDescription(/end date/);
    expect(sent).toHaveLength(0);
  });

  it('creates a 20% code for every service and goes back to the list', async () => {
    const sent = answer('post', '/api/discount-codes', saved);
    const { fill, user, location } = renderForm();

    await fill(screen.getByLabelText('Code'), ' SUMMER20 ');
    await fill(screen.getByLabelText('Percentage'), '20');
    await user.selectOptions(
      screen.getByLabelText('Applies to payments'),
      'Every payment, renewals included',
    );
    expect(screen.getByText('20% off every payment')).toBeInTheDocument();
    await fill(screen.getByLabelText('Starts on'), '2026-12-01');
    await fill(screen.getByLabelText('Ends on'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create discount code' }));

    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/discount-codes'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      code: 'SUMMER20',
      kind: 'percent',
      percent: 20,
      amount: null,
      serviceIds: [],
      duration: 'every_renewal',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      maxUses: null,
      maxUsesPerCustomer: null,
      minimumOrder: null,
      active: true,
    });
  });

  it('shows a refusal of the server and keeps what was typed', async () => {
    answer(
      'post',
      '/api/discount-codes',
      {
        message: 'A code SUMMER20 exists already',
        details: [{ path: 'body.code', message: 'Choose another code' }],
      },
      { status: 409 },
    );
    const { fill, user, location } = renderForm();

    await fill(screen.getByLabelText('Code'), 'SUMMER20');
    await fill(screen.getByLabelText('Percentage'), '20');
    await user.click(screen.getByRole('button', { name: 'Create discount code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A code SUMMER20 exists already');
    expect(screen.getByLabelText('Code')).toHaveValue('SUMMER20');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Choose another code');
    expect(location().pathname).toBe('/wkm-dashboard/discount-codes/new');
  });
});
