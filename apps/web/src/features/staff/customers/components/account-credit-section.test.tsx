import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountCredit } from '@noise/shared/account-credit';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { AccountCreditSection } from './account-credit-section';

const URL = '/api/companies/co-1/credit';
const credit = (over: Partial<AccountCredit> = {}): AccountCredit => ({
  balanceCents: 5000,
  currency: 'AUD',
  entries: [
    {
      _id: 'e1',
      kind: 'added',
      amountCents: 5000,
      currency: 'AUD',
      orderNumber: null,
      note: 'Late delivery in October',
      createdAt: '2026-11-20T03:00:00.000Z',
    },
  ],
  ...over,
});
const renderSection = () =>
  renderWithApp(<AccountCreditSection companyId="co-1" />, {
    path: '/wkm-dashboard/customers/edit/client-1',
    role: 'admin',
  });

describe('AccountCreditSection', () => {
  it('shows the balance and the entries with staff’s reasons', async () => {
    answer('get', URL, credit());
    renderSection();
    const section = within(await screen.findByRole('region', { name: 'Account credit' }));
    expect(await section.findByText('$50.00')).toBeInTheDocument();
    expect(section.getByText('Added by us')).toBeInTheDocument();
    expect(section.getByText(/Late delivery in October/)).toBeInTheDocument();
  });

  it('refuses a missing reason at its field and sends nothing', async () => {
    answer('get', URL, credit());
    const sent = answer('post', URL, credit());
    const { fill, user } = renderSection();
    await fill(screen.getByLabelText(/Amount/), '20');
    await user.click(screen.getByRole('button', { name: 'Save credit' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Reason/)).toHaveAccessibleDescription(
        expect.stringContaining('Please say why'),
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('takes off credit in dollars as typed, and keeps what was typed when the server refuses the amount', async () => {
    answer('get', URL, credit());
    const refused = answer(
      'post',
      URL,
      {
        error: 'validation_error',
        message: 'amount: The company has $50.00 of credit; at most that can be taken off.',
      },
      { status: 400 },
    );
    const { fill, user } = renderSection();
    await user.selectOptions(screen.getByLabelText('Change'), 'remove');
    await fill(screen.getByLabelText(/Amount/), '60');
    await fill(screen.getByLabelText(/Reason/), 'Paid back by bank transfer');
    await user.click(screen.getByRole('button', { name: 'Save credit' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Amount/)).toHaveAccessibleDescription(
        'The company has $50.00 of credit; at most that can be taken off.',
      ),
    );
    expect(refused[0]!.body).toMatchObject({
      direction: 'remove',
      amount: '60.00',
      reason: 'Paid back by bank transfer',
    });
    expect(screen.getByLabelText(/Reason/)).toHaveValue('Paid back by bank transfer');
    expect(screen.getByLabelText(/Amount/)).toHaveValue('60');
  });
});
