import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Service } from '@noise/shared/catalogue';
import { takeAuthDestination, useAuthModal } from '@/lib/auth-modals';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import type { PaymentOrder } from '@/lib/payment-order';
import { OrderOptionsSheet } from './order-options-sheet';

const oneTime = {
  _id: 'pkg-site',
  title: 'Starter Site',
  type: 'one-time' as const,
  baseCost: 1000,
  recurringCost: 0,
  priceSuffix: 'exc. GST',
  features: ['Five pages'],
  recommended: false,
};
const monthly = {
  ...oneTime,
  _id: 'pkg-care',
  title: 'Care Plan',
  type: 'monthly' as const,
  baseCost: 300,
  recurringCost: 150,
  priceSuffix: '/month exc. GST',
};
const quarterly = {
  ...oneTime,
  _id: 'pkg-review',
  title: 'Quarterly Review',
  type: 'quarterly' as const,
  baseCost: 0,
  recurringCost: 1450,
  priceSuffix: '/quarter exc. GST',
};
const service: Service = {
  _id: 'svc-web',
  title: 'Website Design',
  description: '',
  initialInvestmentDescription: '',
  initialInvestmentPrice: 0,
  packages: [oneTime, monthly, quarterly],
  serviceExtras: [
    { _id: 'extra-seo', title: 'SEO setup', description: 'Search basics', price: 200 },
    { _id: 'extra-logo', title: 'Logo refresh', description: '', price: 99.5 },
  ],
  faqs: [],
  gallery: [],
  featureVideos: [],
  featurePhoto: '',
  comparisonPdf: '',
  paymentType: 'one-time',
  deliveryDays: 10,
  basePrice: 300,
};

function ModalOpen() {
  return <p>Modal: {useAuthModal() ?? 'none'}</p>;
}

function renderSheet(pkg: Service['packages'][number], role?: 'client') {
  const onOpenChange = vi.fn();
  const view = renderWithApp(
    <>
      <OrderOptionsSheet service={service} pkg={pkg} open onOpenChange={onOpenChange} />
      <ModalOpen />
    </>,
    { role },
  );
  return { ...view, onOpenChange };
}

/** The cost breakdown's lines, as [label, amount]. */
function breakdown() {
  const section = screen.getByRole('region', { name: 'Cost breakdown' });
  return within(section)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('OrderOptionsSheet', () => {
  it('adds the ticked extras to the total, with GST', async () => {
    const { user } = renderSheet(oneTime);
    expect(breakdown()).toEqual([
      ['Initial Investment', '$1,000.00'],
      ['Total (exc. GST)', '$1,000.00'],
      ['GST', '$100.00'],
      ['Total (inc. GST)', '$1,100.00'],
    ]);

    await user.click(screen.getByRole('checkbox', { name: /SEO setup/ }));
    await user.click(screen.getByRole('checkbox', { name: /Logo refresh/ }));

    expect(breakdown()).toEqual([
      ['Initial Investment', '$1,000.00'],
      ['SEO setup', '$200.00'],
      ['Logo refresh', '$99.50'],
      ['Total (exc. GST)', '$1,299.50'],
      ['GST', '$129.95'],
      ['Total (inc. GST)', '$1,429.45'],
    ]);
    expect(screen.getByText('2 extras added')).toBeInTheDocument();
    expect(screen.getAllByText('Due today $1,429.45 inc. GST')).not.toHaveLength(0);
  });

  it('says what a monthly package costs today and every month after', async () => {
    const { user } = renderSheet(monthly);
    await user.click(screen.getByRole('checkbox', { name: /SEO setup/ }));

    expect(breakdown()).toEqual([
      ['Initial Investment', '$300.00'],
      ['Recurring Fees (monthly)', '$150.00'],
      ['SEO setup', '$200.00'],
      ['Total (exc. GST)', '$650.00'],
      ['GST', '$65.00'],
      ['Total (inc. GST)', '$715.00'],
    ]);
    expect(screen.getByText('Then $165.00 every month inc. GST')).toBeInTheDocument();
  });

  it('takes a signed-in customer to /payment with the package, the extras and the total', async () => {
    const { user, location, onOpenChange } = renderSheet(oneTime, 'client');
    await user.click(screen.getByRole('checkbox', { name: /SEO setup/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(location().pathname).toBe('/payment');
    const state = location().state as PaymentOrder;
    expect(state.data._id).toBe('svc-web');
    expect(state.packageDetails).toEqual({
      title: 'Starter Site',
      type: 'one-time',
      baseCost: 1000,
      recurringCost: 0,
      priceSuffix: 'exc. GST',
      features: ['Five pages'],
    });
    expect(state.selectedExtras.map((extra) => extra._id)).toEqual(['extra-seo']);
    // The total before GST: the payment page prices the order again from the package and extras.
    expect(state.totalPrice).toBe(1200);
  });

  it('asks a signed-out visitor to sign up before paying, and keeps the order for after', async () => {
    const { user, location } = renderSheet(oneTime);
    await user.click(screen.getByRole('checkbox', { name: /Logo refresh/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(location().pathname).toBe('/');
    expect(screen.getByText('Modal: sign-up')).toBeInTheDocument();
    const destination = takeAuthDestination();
    expect(destination?.to).toBe('/payment');
    const state = destination?.state as PaymentOrder;
    expect(state.selectedExtras.map((extra) => extra._id)).toEqual(['extra-logo']);
    expect(state.totalPrice).toBe(1099.5);
  });

  it('applies a discount code: the discounted totals with GST on what is left, carried to /payment', async () => {
    const refused = answer(
      'post',
      '/api/discount-codes/check',
      {
        statusCode: 400,
        error: 'discount_refused',
        message: 'There is no discount code NOPE.',
        details: [{ path: 'discountCode', message: 'There is no discount code NOPE.' }],
      },
      { status: 400 },
    );
    const { user, fill, location } = renderSheet(monthly, 'client');
    await user.click(screen.getByRole('checkbox', { name: /SEO setup/ }));
    await user.click(screen.getByRole('button', { name: 'Add a discount code' }));

    const field = await screen.findByLabelText('Discount code');
    expect(field).toHaveFocus();
    await fill(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no discount code NOPE.');
    // What was typed stays, to be corrected.
    expect(field).toHaveValue('nope');
    expect(refused[0]?.body).toEqual({ code: 'nope', serviceId: 'svc-web' });

    answer('post', '/api/discount-codes/check', {
      code: 'Spring20',
      discount: { kind: 'percent', percent: 20, amountCents: 0, duration: 'first_payment' },
      minimumOrderCents: null,
    });
    await fill(field, 'spring20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(
      await screen.findByText('20% off the first payment', { exact: false }),
    ).toHaveTextContent('Code Spring20: 20% off the first payment');
    // $300 + $150 + $200 = $650 less 20% is $520, and GST on that.
    expect(breakdown()).toEqual([
      ['Initial Investment', '$300.00'],
      ['Recurring Fees (monthly)', '$150.00'],
      ['SEO setup', '$200.00'],
      ['Discount (Spring20)', '−$130.00'],
      ['Total (exc. GST)', '$520.00'],
      ['GST', '$52.00'],
      ['Total (inc. GST)', '$572.00'],
    ]);
    expect(screen.getAllByText('Due today $572.00 inc. GST')).toHaveLength(2);
    // The first payment only: the renewals keep their price.
    expect(screen.getByText('Then $165.00 every month inc. GST')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(location().pathname).toBe('/payment');
    expect((location().state as PaymentOrder).discount).toEqual({
      code: 'Spring20',
      discount: { kind: 'percent', percent: 20, amountCents: 0, duration: 'first_payment' },
      minimumOrderCents: null,
    });
  });

  it("drops a code while unticked extras leave the order below the code's minimum", async () => {
    answer('post', '/api/discount-codes/check', {
      code: 'BIG50',
      discount: { kind: 'amount', percent: 0, amountCents: 5000, duration: 'first_payment' },
      minimumOrderCents: 110000,
    });
    const { user, fill, location } = renderSheet(oneTime, 'client');
    await user.click(screen.getByRole('button', { name: 'Add a discount code' }));
    await fill(await screen.findByLabelText('Discount code'), 'big50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code BIG50 needs an order of at least $1,100.00 before GST.',
    );

    await user.click(screen.getByRole('checkbox', { name: /SEO setup/ }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('off the first payment', { exact: false })).toHaveTextContent(
      'Code BIG50: $50.00 off the first payment',
    );
    expect(screen.getAllByText('Due today $1,265.00 inc. GST')).toHaveLength(2);

    await user.click(screen.getByRole('checkbox', { name: /SEO setup/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The code BIG50 needs an order of at least $1,100.00 before GST.',
    );
    expect(breakdown()).toEqual([
      ['Initial Investment', '$1,000.00'],
      ['Total (exc. GST)', '$1,000.00'],
      ['GST', '$100.00'],
      ['Total (inc. GST)', '$1,100.00'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((location().state as PaymentOrder).discount).toBeNull();
  });

  it('names a quarterly package’s billing and suffix, and its charge every quarter', () => {
    renderSheet(quarterly);
    expect(screen.getByText('Billed quarterly · /quarter exc. GST')).toBeInTheDocument();
    expect(screen.getByText(/every quarter/)).toBeInTheDocument();
  });
});
