import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AU_PHONE_MESSAGE } from '@noise/shared/phone';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { PaymentRoute } from '../routes/payment';

/** The router state the Order Options panel sends: a one-time package. */
const order = {
  data: { _id: 'svc-web', title: 'Website Design', featurePhoto: '' },
  selectedExtras: [],
  totalPrice: 1000,
  packageDetails: {
    _id: 'pkg-site',
    title: 'Starter Site',
    type: 'one-time' as const,
    baseCost: 1000,
    recurringCost: 0,
    priceSuffix: 'exc. GST',
    features: [],
  },
};

beforeEach(() => {
  answer('get', '/api/payments/config', {
    provider: 'sandbox',
    publishableKey: null,
    currency: 'AUD',
  });
  answer('get', '/api/users/coordinators', [
    { _id: 'coord-1', profile: { firstName: 'Sam', lastName: 'Reed', displayName: 'Sam' } },
  ]);
  answer('get', '/api/config', { companyName: 'Noise' });
});

describe("the checkout's details", () => {
  it('moves the focus to the first field it refuses, and sends nothing', async () => {
    const sent = answer('post', '/api/payments/guest-checkout', {});
    const { fill, user } = renderWithApp(<PaymentRoute />, { path: '/payment', state: order });
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(screen.getByLabelText('CVC'), '123');

    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));
    const coordinator = screen.getByLabelText('Who was your Noise coordinator?');
    await waitFor(() => expect(coordinator).toHaveFocus());

    await user.selectOptions(coordinator, 'coord-1');
    await fill(screen.getByLabelText('First name'), 'Jo');
    await fill(screen.getByLabelText('Last name'), 'Park');
    await fill(screen.getByLabelText('Email'), 'jo@example.com');
    await fill(screen.getByLabelText('Phone number'), '12345');
    await fill(screen.getByLabelText('Company name'), 'Park Studio');
    await user.click(screen.getByRole('button', { name: 'Confirm & Pay' }));

    const phone = screen.getByLabelText('Phone number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(AU_PHONE_MESSAGE));
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('12345');
    expect(screen.getByLabelText('First name')).toHaveValue('Jo');
    expect(sent).toHaveLength(0);
  });
});
