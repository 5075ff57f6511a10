import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicQuote } from '@noise/shared/quote';
import type { Role } from '@noise/shared/roles';
import { Route, Routes } from 'react-router';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { userOf } from '@/test/user';
import { CustomQuoteRoute } from './custom-quote';

const proposal: PublicQuote = {
  _id: 'quote-1',
  name: 'Spring launch',
  summary: 'Strategy and a launch video',
  deliverables: 'Strategy, Video',
  extras: '',
  value: 1000,
  deliveryDays: 15,
  paid: false,
  depositPercent: null,
  depositAmount: null,
  depositPaid: false,
  balanceRequested: false,
  balanceDueDate: null,
  projectId: null,
  terms: 'Pay on time.',
  version: 1,
  validUntil: null,
  sentAt: '2026-11-25T00:00:00.000Z',
  preparedFor: 'Ana Lima',
  preparedBy: 'Ada Admin',
  expired: false,
  accepted: null,
  declinedAt: null,
};

function renderProposal(role: Role, quote: PublicQuote = proposal) {
  answer('get', `/api/quotes/${quote._id}`, quote);
  answer('get', '/api/auth/user', userOf(role));
  return renderWithApp(
    <Routes>
      <Route path="/custom-quote/:quoteId" element={<CustomQuoteRoute />} />
    </Routes>,
    { path: `/custom-quote/${quote._id}`, role },
  );
}

beforeEach(() => {
  answer('get', '/api/config', { companyName: 'Noise' });
  answer('get', '/api/my/credit', { balanceCents: 0, currency: 'AUD', entries: [] });
});

describe('the proposal page', () => {
  it('offers Accept and Decline to the customer', async () => {
    renderProposal('client');
    expect(await screen.findByRole('button', { name: 'Accept and sign' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline this proposal' })).toBeTruthy();
  });

  it.each(['co-ordinator', 'admin'] as const)(
    'shows %s the proposal but neither Accept nor Decline, pointing to recording it',
    async (role) => {
      renderProposal(role);
      const note = await screen.findByText(/only the customer can accept or decline/);
      expect(note).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept and sign' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Decline this proposal' })).toBeNull();
      expect(
        screen.getByRole('link', { name: 'record it on the quote’s page' }).getAttribute('href'),
      ).toBe('/wkm-dashboard/custom-quotes/edit/quote-1');
    },
  );
});

describe('paying a signed proposal', () => {
  it('takes the company’s account credit off what the card pays', async () => {
    answer('get', '/api/my/credit', { balanceCents: 10_000, currency: 'AUD', entries: [] });
    answer('get', '/api/users/coordinators', []);
    answer('get', '/api/payments/config', {
      provider: 'sandbox',
      publishableKey: null,
      currency: 'AUD',
    });
    renderProposal('client', {
      ...proposal,
      accepted: {
        name: 'Ana Lima',
        at: '2026-11-26T00:00:00.000Z',
        version: 1,
        hash: 'abc',
        recordedBy: null,
      },
    });
    // $1,100.00 inc. GST, of which $100.00 of credit: $1,000.00 due today.
    expect(await screen.findByText('−$100.00')).toBeInTheDocument();
    expect(screen.getByText('Due today (inc. GST)').nextSibling).toHaveTextContent('$1,000.00');
    expect(screen.getByText('Total (inc. GST)').nextSibling).toHaveTextContent('$1,100.00');
  });
});
