import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectPayment, Refund } from '@noise/shared/payments';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { RefundDialog } from './refund-dialog';

// A renewal of $979.00 of which account credit paid $200.00: $779.00 can go back to the card.
const payment: ProjectPayment = {
  _id: 'pay-1',
  orderNumber: 1003,
  kind: 'renewal',
  amountCents: 97_900,
  gstCents: 8900,
  currency: 'AUD',
  status: 'succeeded',
  createdAt: '2026-11-28T03:00:00.000Z',
  invoiceNumber: 'INV-001002',
  invoiceUrl: '/api/payments/pay-1/invoice',
  discountCents: 0,
  refunds: [],
  refundableCents: 97_900,
  creditCents: 20_000,
  cardRefundableCents: 77_900,
};
const URL = '/api/projects/sale-1/payments/pay-1/refunds';
const refund: Refund = {
  _id: 'r-1',
  to: 'credit',
  amountCents: 97_900,
  gstCents: 8900,
  currency: 'AUD',
  status: 'succeeded',
  reason: 'requested_by_customer',
  note: '',
  failureMessage: null,
  createdAt: '2026-11-28T04:00:00.000Z',
  createdByName: 'Mia Chen',
  noteNumber: 'AN-0001',
  noteUrl: '/api/refunds/r-1/adjustment-note',
};

const renderDialog = () =>
  renderWithApp(
    <RefundDialog
      saleId="sale-1"
      payment={payment}
      canCancelSubscription={false}
      canCredit
      onClose={vi.fn()}
    />,
    { role: 'admin', path: '/wkm-dashboard/sales/edit/sale-1' },
  );

describe('RefundDialog: where the money goes', () => {
  it('to the card, at most what the card paid: the rest is refused at the amount, nothing sent', async () => {
    const sent = answer('post', URL, refund);
    const { fill, user } = renderDialog();
    expect(screen.getByRole('radio', { name: /The card it came from/ })).toBeChecked();
    await fill(screen.getByLabelText(/Amount/), '979');
    await user.selectOptions(screen.getByLabelText(/Reason/), 'requested_by_customer');
    // Over what the card can take back, the button names no amount.
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Amount/)).toHaveAccessibleDescription(
        expect.stringContaining(
          'At most $779.00 can go back to the card; account credit paid the rest',
        ),
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('as account credit, the whole payment', async () => {
    const sent = answer('post', URL, refund);
    const { fill, user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: /Account credit/ }));
    await fill(screen.getByLabelText(/Amount/), '979');
    await user.selectOptions(screen.getByLabelText(/Reason/), 'requested_by_customer');
    await user.click(screen.getByRole('button', { name: 'Refund $979.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ amount: '979', to: 'credit' });
  });

  it("shows the server's refusal, its amount reason at the amount, and keeps what was typed", async () => {
    const refused = answer(
      'post',
      URL,
      {
        error: 'validation_error',
        message: 'amount: Only $500.00 can be refunded today.',
      },
      { status: 400 },
    );
    const { fill, user } = renderDialog();
    await fill(screen.getByLabelText(/Amount/), '600');
    await user.selectOptions(screen.getByLabelText(/Reason/), 'other');
    await fill(screen.getByLabelText(/Note/), 'Half the work was not done');
    await user.click(screen.getByRole('button', { name: 'Refund $600.00' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Amount/)).toHaveAccessibleDescription(
        'Only $500.00 can be refunded today.',
      ),
    );
    expect(refused).toHaveLength(1);
    expect(screen.getByLabelText(/Amount/)).toHaveValue('600');
    expect(screen.getByLabelText(/Note/)).toHaveValue('Half the work was not done');

    answer('post', URL, { message: 'The payment provider is unavailable' }, { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Refund $600.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment provider is unavailable',
    );
    expect(screen.getByLabelText(/Reason/)).toHaveValue('other');
  });
});
