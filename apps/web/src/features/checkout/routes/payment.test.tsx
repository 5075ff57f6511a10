import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ASSIGN_COORDINATOR } from '@noise/shared/payments';
import { AU_PHONE_MESSAGE } from '@noise/shared/phone';
import { SANDBOX_UNKNOWN_CARD_MESSAGE } from '@noise/shared/sandbox-card';
import type { User } from '@noise/shared/user';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { PaymentRoute } from './payment';

/** The router state the Order Options panel sends: a one-time package and one extra. */
const order = {
  data: { _id: 'svc-web', title: 'Website Design', featurePhoto: '' },
  selectedExtras: [{ _id: 'extra-seo', title: 'SEO setup', price: 200 }],
  totalPrice: 1200,
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

/** What POST /api/discount-codes/check answered in the order panel, carried in the state. */
const spring20 = {
  code: 'Spring20',
  discount: { kind: 'percent', percent: 20, amountCents: 0, duration: 'first_payment' },
  minimumOrderCents: null,
};

const customer: User = {
  _id: 'user-1',
  email: 'ana@example.com',
  role: 'client',
  isOAuth: false,
  emailVerified: true,
  hasPassword: true,
  profile: {
    firstName: 'Ana',
    lastName: 'Lima',
    displayName: '',
    companyName: 'Lima Bakery',
    // Not given yet: the form asks for it.
    contactNumber: '',
    bio: '',
    profilePhotoURL: '',
  },
  paymentInfo: { defaultPaymentMethodId: null, paymentCustomerId: null },
};

const paid = {
  success: true,
  paymentCustomerId: 'cus_1',
  projectId: 'project-1',
  paymentId: 'payment-1',
  defaultPaymentMethodId: 'pm_saved',
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

function renderPayment(role?: 'client') {
  return renderWithApp(<PaymentRoute />, { path: '/payment', state: order, role });
}

type View = ReturnType<typeof renderPayment>;

async function enterCard({ user }: View, number = '4242 4242 4242 4242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(screen.getByLabelText('CVC'), '123');
}

async function fillGuest({ fill, user }: View, details: { email?: string; phone?: string } = {}) {
  await user.selectOptions(
    await screen.findByLabelText('Who was your Noise coordinator?'),
    'coord-1',
  );
  await fill(screen.getByLabelText('First name'), 'Jo');
  await fill(screen.getByLabelText('Last name'), 'Park');
  await fill(screen.getByLabelText('Email'), details.email ?? 'Jo@Example.com');
  await fill(screen.getByLabelText('Phone number'), details.phone ?? '0412 345 678');
  await fill(screen.getByLabelText('Company name'), 'Park Studio');
}

const payButton = () => screen.getByRole('button', { name: 'Confirm & Pay' });

describe('the payment page', () => {
  it('shows the charge with GST before anything is paid', async () => {
    renderPayment();
    expect(
      await screen.findByText('You will be charged $1,320.00 inc. GST.', { exact: false }),
    ).toBeInTheDocument();
  });

  it('keeps Pay disabled while the card is not one it can charge, and says why', async () => {
    const view = renderPayment();
    await enterCard(view, '4111 1111 1111 1111');

    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
      SANDBOX_UNKNOWN_CARD_MESSAGE,
    );
    expect(payButton()).toBeDisabled();

    await view.user.clear(screen.getByLabelText('Expiry (MM/YY)'));
    await view.user.clear(screen.getByLabelText('Card number'));
    await view.user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await view.user.type(screen.getByLabelText('Expiry (MM/YY)'), '01/20');
    await view.user.tab();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription(
      'Your card has expired.',
    );
    expect(payButton()).toBeDisabled();
  });

  it("refuses a guest's missing and malformed details, and sends nothing", async () => {
    const sent = answer('post', '/api/payments/guest-checkout', {});
    const view = renderPayment();
    await enterCard(view);
    await view.user.click(payButton());

    expect(
      await screen.findByLabelText('Who was your Noise coordinator?'),
    ).toHaveAccessibleDescription('Please choose your coordinator');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Enter your first name',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'Enter your phone number',
    );
    expect(screen.getByLabelText('Company name')).toHaveAccessibleDescription(
      'Enter your company name',
    );

    await fillGuest(view, { email: 'jo@example', phone: '12345' });
    await view.user.click(payButton());

    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(AU_PHONE_MESSAGE),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(sent).toHaveLength(0);
  });

  it("sends a guest's order, details and card token to guest-checkout", async () => {
    const sent = answer('post', '/api/payments/guest-checkout', {
      account: 'existing',
      token: null,
      payment: { ...paid, paymentCustomerId: '', projectId: '', paymentId: '' },
    });
    const view = renderPayment();
    await fillGuest(view);
    await enterCard(view);
    await view.user.click(payButton());

    // Where the payment went, with its state: the page, without its order, then leaves for '/'.
    await waitFor(() =>
      expect(view.visited()).toContainEqual(
        expect.objectContaining({
          pathname: '/payment-success',
          state: { guestExisting: 'jo@example.com' },
        }),
      ),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      amount: 132_000,
      customer: { name: 'Jo Park', email: 'jo@example.com' },
      payment_method: expect.stringMatching(/^pm_sandbox_\w+_success$/),
      type: 'normal',
      idempotencyKey: expect.any(String),
      projectDetails: {
        serviceId: 'svc-web',
        packageId: 'pkg-site',
        packageTitle: 'Starter Site',
        extras: [{ _id: 'extra-seo' }],
        coordinator: 'coord-1',
        companyName: 'Park Studio',
        contactNumber: '0412 345 678',
      },
      guest: {
        firstName: 'Jo',
        lastName: 'Park',
        email: 'jo@example.com',
        phoneNumber: '0412 345 678',
      },
    });
  });

  it('starts with the code applied in the order panel, and pays with it', async () => {
    const sent = answer('post', '/api/payments/guest-checkout', {
      account: 'existing',
      token: null,
      payment: { ...paid, paymentCustomerId: '', projectId: '', paymentId: '' },
    });
    const view = renderWithApp(<PaymentRoute />, {
      path: '/payment',
      state: { ...order, discount: spring20 },
    });

    expect(
      await screen.findByText('20% off the first payment', { exact: false }),
    ).toHaveTextContent('Code Spring20: 20% off the first payment');
    // $1,200.00 less 20% is $960.00, and GST on that.
    expect(screen.getByText('−$240.00')).toBeInTheDocument();
    expect(
      screen.getByText('You will be charged $1,056.00 inc. GST.', { exact: false }),
    ).toBeInTheDocument();

    await fillGuest(view);
    await enterCard(view);
    await view.user.click(payButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      amount: 105_600,
      projectDetails: { discountCode: 'Spring20' },
    });
  });

  it('lets the customer remove a code the order panel applied', async () => {
    const { user } = renderWithApp(<PaymentRoute />, {
      path: '/payment',
      state: { ...order, discount: spring20 },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove the code Spring20' }));

    expect(screen.queryByText('−$240.00')).not.toBeInTheDocument();
    expect(
      screen.getByText('You will be charged $1,320.00 inc. GST.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a discount code' })).toBeInTheDocument();
  });

  it('asks a customer for what their profile lacks, then pays and saves the card', async () => {
    answer('get', '/api/auth/user', customer);
    answer('get', '/api/my/credit', { balanceCents: 0, currency: 'AUD', entries: [] });
    const payment = answer('post', '/api/payments/handle-payment', paid);
    const saved = answer('post', '/api/users/update-payment-info', {
      success: true,
      paymentInfo: { paymentCustomerId: 'cus_1', defaultPaymentMethodId: 'pm_saved' },
    });
    const view = renderPayment('client');
    await enterCard(view);
    await view.user.selectOptions(
      screen.getByLabelText('Who was your Noise coordinator?'),
      ASSIGN_COORDINATOR,
    );
    await view.user.click(payButton());

    await waitFor(() =>
      expect(screen.getByLabelText('Contact number')).toHaveAccessibleDescription(REQUIRED_MESSAGE),
    );
    expect(payment).toHaveLength(0);

    await view.fill(screen.getByLabelText('Contact number'), '02 9876 5432');
    await view.user.click(payButton());

    await waitFor(() =>
      expect(view.visited()).toContainEqual(
        expect.objectContaining({
          pathname: '/payment-success',
          state: { projectId: 'project-1' },
        }),
      ),
    );
    expect(payment[0]!.headers.get('authorization')).toMatch(/^Bearer /);
    expect(payment[0]!.body).toMatchObject({
      amount: 132_000,
      customer: { name: 'Ana Lima', email: 'ana@example.com' },
      type: 'normal',
      projectDetails: {
        coordinator: ASSIGN_COORDINATOR,
        companyName: 'Lima Bakery',
        contactNumber: '02 9876 5432',
      },
    });
    expect(saved[0]!.body).toEqual({
      userId: 'user-1',
      paymentCustomerId: 'cus_1',
      defaultPaymentMethodId: 'pm_saved',
    });
  });

  it('takes the company’s account credit off the total, and pays the rest by card', async () => {
    answer('get', '/api/auth/user', {
      ...customer,
      profile: { ...customer.profile, contactNumber: '02 9876 5432' },
    });
    answer('get', '/api/my/credit', { balanceCents: 10_000, currency: 'AUD', entries: [] });
    const payment = answer('post', '/api/payments/handle-payment', paid);
    answer('post', '/api/users/update-payment-info', {
      success: true,
      paymentInfo: { paymentCustomerId: 'cus_1', defaultPaymentMethodId: 'pm_saved' },
    });
    const view = renderPayment('client');
    // $1,320.00 inc. GST, of which $100.00 of credit: $1,220.00 due today.
    expect(await screen.findByText('−$100.00')).toBeInTheDocument();
    expect(screen.getByText('Due today (inc. GST)')).toBeInTheDocument();
    expect(screen.getByText(/You will be charged \$1,220\.00 inc\. GST/)).toBeInTheDocument();
    await enterCard(view);
    await view.user.selectOptions(
      screen.getByLabelText('Who was your Noise coordinator?'),
      ASSIGN_COORDINATOR,
    );
    await view.user.click(payButton());
    await waitFor(() => expect(payment).toHaveLength(1));
    expect(payment[0]!.body).toMatchObject({ amount: 132_000, creditCents: 10_000 });
  });
});
