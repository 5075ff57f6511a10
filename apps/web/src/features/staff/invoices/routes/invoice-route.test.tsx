import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bill } from '@noise/shared/bills';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { InvoiceRoute } from './invoice-route';

const bill: Bill = {
  _id: 'bill-1',
  number: 'B-0001',
  status: 'sent',
  customer: { _id: 'c1', name: 'Ana Lima', email: 'ana@example.com', companyName: '' },
  lines: [],
  note: '',
  dueDate: '2030-01-15',
  currency: 'AUD',
  subtotalCents: 13084,
  gstFreeCents: 3085,
  gstCents: 1000,
  totalCents: 14084,
  paidCents: 0,
  dueCents: 14084,
  sentAt: '2030-01-01T00:00:00.000Z',
  voidedAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  payments: [],
  payUrl: 'http://localhost/pay/invoice/bill-1?t=x',
};

beforeEach(() => {
  // The page's title names the shop.
  answer('get', '/api/config', { companyName: 'Noise' });
});

const renderNew = () => renderWithApp(<InvoiceRoute />, { path: '/wkm-dashboard/invoices/new' });

describe('New invoice', () => {
  it('refuses a negative price and a fraction of a cent at their fields, and sends nothing', async () => {
    answer('get', '/api/quotes/recipients', []);
    const made = answer('post', '/api/invoices', bill);
    const { user } = renderNew();
    await user.type(screen.getByLabelText('For'), 'ana@example.com');
    await user.type(screen.getByLabelText('Line 1 description'), 'Shoot');
    await user.type(screen.getByLabelText('Unit price ($)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Unit price ($)')).toHaveAccessibleDescription(
        'Unit price cannot be negative',
      ),
    );
    await user.clear(screen.getByLabelText('Unit price ($)'));
    await user.type(screen.getByLabelText('Unit price ($)'), '0.01');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Unit price ($)')).toHaveAccessibleDescription(
        /fraction of a cent/,
      ),
    );
    expect(made).toHaveLength(0);
  });

  it('sends two lines, one GST-free, then the invoice', async () => {
    answer('get', '/api/quotes/recipients', []);
    const made = answer('post', '/api/invoices', { ...bill, status: 'draft', sentAt: null });
    const sent = answer('post', '/api/invoices/bill-1/send', bill);
    answer('get', '/api/invoices/bill-1', bill);
    const { user, location } = renderNew();
    await user.type(screen.getByLabelText('For'), 'ana@example.com');
    await user.type(screen.getByLabelText('Line 1 description'), 'Campaign shoot');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.type(screen.getByLabelText('Unit price ($)'), '33.33');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    const second = screen.getByRole('listitem', { name: 'Line 2' });
    await user.type(within(second).getByLabelText('Line 2 description'), 'Stock licence');
    await user.clear(within(second).getByLabelText('Quantity'));
    await user.type(within(second).getByLabelText('Quantity'), '2.5');
    await user.type(within(second).getByLabelText('Unit price ($)'), '12.34');
    await user.click(within(second).getByRole('checkbox', { name: 'GST applies' }));
    // The running total, as the server counts it: 99.99 + 10.00 + 30.85.
    expect(screen.getByText('$140.84')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Due date'), '2030-01-15');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(made[0]!.method).toBe('POST');
    expect(made[0]!.body).toEqual({
      customerId: null,
      email: 'ana@example.com',
      lines: [
        { description: 'Campaign shoot', quantity: '3', unitPrice: '33.33', gst: true },
        { description: 'Stock licence', quantity: '2.5', unitPrice: '12.34', gst: false },
      ],
      dueDate: '2030-01-15',
      note: '',
    });
    await waitFor(() => expect(location().pathname).toBe('/wkm-dashboard/invoices/bill-1'));
  });

  it("shows the server's refusal at the line it names and in the alert, keeping what was typed", async () => {
    answer('get', '/api/quotes/recipients', []);
    const made = answer(
      'post',
      '/api/invoices',
      {
        error: 'validation_error',
        message: 'Check the invoice',
        details: [
          { path: 'body.lines.0.description', message: 'That description is not allowed' },
          { path: 'body.terms', message: 'Terms are missing' },
        ],
      },
      { status: 400 },
    );
    const { user, location } = renderNew();
    await user.type(screen.getByLabelText('For'), 'ana@example.com');
    await user.type(screen.getByLabelText('Line 1 description'), 'Shoot');
    await user.type(screen.getByLabelText('Unit price ($)'), '100');
    await user.type(screen.getByLabelText('Due date'), '2030-01-15');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Check the invoice');
    expect(alert).toHaveTextContent('Terms are missing');
    expect(screen.getByLabelText('Line 1 description')).toHaveAccessibleDescription(
      'That description is not allowed',
    );
    expect(made).toHaveLength(1);
    expect(screen.getByLabelText('For')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Line 1 description')).toHaveValue('Shoot');
    expect(screen.getByLabelText('Unit price ($)')).toHaveValue('100');
    expect(screen.getByRole('button', { name: 'Send invoice' })).toBeEnabled();
    expect(location().pathname).toBe('/wkm-dashboard/invoices/new');
  });
});
