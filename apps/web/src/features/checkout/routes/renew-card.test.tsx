import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RenewalCard } from '@noise/shared/payments';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { RenewCardRoute } from './renew-card';

const CARD = '/api/subscriptions/sub-1/renewal-card';

const declined: RenewalCard = {
  _id: 'sub-1',
  serviceTitle: 'Social Media',
  packageTitle: 'Growth',
  orderNumber: 1042,
  amountCents: 11_000,
  currency: 'AUD',
  status: 'active',
  periodFrom: '2026-11-27T01:00:00.000Z',
  declines: 1,
  lastDecline: {
    at: '2026-11-27T02:00:00.000Z',
    reason: 'Your card was declined.',
    nextTryAt: '2026-11-28T02:00:00.000Z',
  },
  card: { brand: 'visa', last4: '0002' },
};

beforeEach(() => {
  answer('get', '/api/payments/config', {
    provider: 'sandbox',
    publishableKey: null,
    currency: 'AUD',
  });
  answer('get', '/api/config', { companyName: 'Noise' });
});

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/renew-card/:subscriptionId" element={<RenewCardRoute />} />
    </Routes>,
    { path: '/renew-card/sub-1?e=1796000000&t=signed' },
  );
}

describe('the card page of a declined renewal', () => {
  it('shows the decline and next try, saves a new card with the link, and follows the charge', async () => {
    const read = answer('get', CARD, declined);
    const { user } = renderPage();
    expect(
      await screen.findByText(
        'We could not charge your card on 27 Nov, 2026: Your card was declined.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Tries so far: 1\. We will try again on 28 Nov, 2026/),
    ).toBeInTheDocument();
    expect(new URL(read[0]!.url).search).toBe('?e=1796000000&t=signed');

    const saved = answer(
      'post',
      CARD,
      {
        message: 'Your card ending 4242 is saved. We are charging $110.00 inc. GST to it now.',
        link: { e: 1796600000, t: 'next' },
      },
      { status: 202 },
    );
    const paid = answer('get', CARD, { ...declined, declines: 0, lastDecline: null });
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Save card and pay $110.00 inc. GST' }));

    expect(await screen.findByRole('heading', { name: 'Paid — thank you' })).toBeInTheDocument();
    expect(saved[0]!.body).toMatchObject({ e: 1796000000, t: 'signed' });
    expect((saved[0]!.body as { paymentMethodId: string }).paymentMethodId).toMatch(/^pm_/);
    // The mailed link is spent: the page reads with the one for the new card.
    expect(new URL(paid.at(-1)!.url).search).toBe('?e=1796600000&t=next');
  });

  it('says a spent or lapsed link opens nothing, and where to go instead', async () => {
    answer(
      'get',
      CARD,
      {
        statusCode: 404,
        error: 'not_found',
        message: 'This link has expired or a new card was already given with it.',
      },
      { status: 404 },
    );
    renderPage();
    expect(
      await screen.findByText('This link has expired or a new card was already given with it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Billing' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
  });
});
