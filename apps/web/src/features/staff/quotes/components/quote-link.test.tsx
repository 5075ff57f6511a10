import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE } from '@noise/shared/fields';
import type { Quote } from '@noise/shared/quote';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { QuoteLinkPanel } from './quote-link';

const quote: Quote = {
  _id: 'quote-1',
  name: 'Brand refresh',
  summary: '',
  deliverables: 'Logo',
  extras: '',
  value: 2500,
  deliveryDays: 15,
  paid: false,
  depositPercent: null,
  depositAmount: null,
  depositPaid: false,
  balanceRequested: false,
  balanceDueDate: null,
  internalNotes: '',
  createdBy: 'Ada Admin',
  createdAt: '2026-11-25T00:00:00.000Z',
  projectId: null,
  customer: { id: 'cust-1', name: 'Ana Lima', email: 'ana@example.com' },
  recipientEmail: 'ana@example.com',
  state: 'Sent',
  sentAt: '2026-11-25T00:00:00.000Z',
  viewedAt: null,
  paidAt: null,
  depositPaidAt: null,
  balanceRequestedAt: null,
  currency: 'AUD',
  intakeQuestions: [],
  terms: 'Pay on time.',
  version: 2,
  validUntil: '2030-01-01T13:00:00.000Z',
  preparedFor: 'Ana Lima',
  preparedBy: 'Ada Admin',
  expired: false,
  accepted: null,
  declinedAt: null,
  acceptedAt: null,
  declineReason: '',
  acceptanceNote: '',
};

const URL = '/api/quotes/quote-1/send';

async function renderPanel() {
  const rendered = renderWithApp(<QuoteLinkPanel quote={quote} />, { role: 'admin' });
  await rendered.user.click(screen.getByRole('button', { name: 'Generate Custom Quote Link' }));
  return rendered;
}

describe('QuoteLinkPanel: Send to customer', () => {
  it("sends to the quote's own recipient without an address", async () => {
    const sent = answer('post', URL, { message: 'Sent' }, { status: 202 });
    const { user } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({});
  });

  it('refuses an address that is not one at the field, and sends nothing', async () => {
    const sent = answer('post', URL, { message: 'Sent' }, { status: 202 });
    const { fill, user } = await renderPanel();
    await fill(screen.getByLabelText("Customer's email"), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    await waitFor(() =>
      expect(screen.getByLabelText("Customer's email")).toHaveAccessibleDescription(EMAIL_MESSAGE),
    );
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of the address at the field and keeps it", async () => {
    const sent = answer(
      'post',
      URL,
      {
        error: 'validation_error',
        message: 'Check the address',
        details: [{ path: 'email', message: 'That address cannot receive mail' }],
      },
      { status: 400 },
    );
    const { fill, user } = await renderPanel();
    await fill(screen.getByLabelText("Customer's email"), 'Ben@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    await waitFor(() =>
      expect(screen.getByLabelText("Customer's email")).toHaveAccessibleDescription(
        'That address cannot receive mail',
      ),
    );
    expect(sent[0]!.body).toEqual({ email: 'ben@example.com' });
    expect(screen.getByLabelText("Customer's email")).toHaveValue('Ben@Example.com');
  });
});
