import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestPlan } from '@noise/shared/requests';
import { renderWithApp } from '@/test/render';
import { answer } from '@/test/server';
import { ExtraRequest } from './extra-request';

const plan: RequestPlan = {
  id: 'plan-1',
  orderNumber: 1004,
  title: 'Four a month',
  open: true,
  refusal: null,
  activeRequestLimit: 1,
  requestsPerPeriod: 4,
  active: 1,
  usedThisPeriod: 4,
  extraThisPeriod: 0,
  extraRequest: { priceCents: 15_000, gstCents: 1_500, totalCents: 16_500 },
  intakeQuestions: [],
  requests: [],
};

/** The signed-in client with this role in their company. */
function asCompanyRole(role: 'owner' | 'member' | 'billing') {
  answer('get', '/api/auth/user', {
    _id: 'user-1',
    email: 'olive@example.com',
    role: 'client',
    company: { _id: 'company-1', name: 'Citizen Bakery', role },
  });
}

describe('an extra request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered with its price once the period is used, and opens the invoice to pay', async () => {
    asCompanyRole('billing');
    const bought = answer(
      'post',
      '/api/my/request-plans/plan-1/extra-request',
      { invoiceId: 'bill-1', payUrl: 'http://localhost/pay/invoice/bill-1?t=signed' },
      { status: 201 },
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderWithApp(<ExtraRequest plan={plan} />, { role: 'client' });

    expect(
      screen.getByText('All 4 requests of this period are used. One more costs $165.00 inc. GST.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Buy an extra request' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/pay/invoice/bill-1?t=signed'),
    );
    expect(bought).toHaveLength(1);
  });

  it('tells a Member who can buy it, and shows nothing while requests are left', async () => {
    asCompanyRole('member');
    const { unmount } = renderWithApp(<ExtraRequest plan={plan} />, { role: 'client' });
    expect(
      await screen.findByText('An Owner or Billing person of your company can buy it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();

    unmount();

    // One extra paid for: five this period, one left.
    const again = renderWithApp(<ExtraRequest plan={{ ...plan, extraThisPeriod: 1 }} />, {
      role: 'client',
    });
    expect(screen.queryByText(/are used/)).toBeNull();
    again.unmount();

    // A plan that sells none says the period is used, and offers nothing.
    renderWithApp(<ExtraRequest plan={{ ...plan, extraRequest: null }} />, { role: 'client' });
    expect(screen.getByText('All 4 requests of this period are used.')).toBeInTheDocument();
    expect(screen.queryByText(/One more costs/)).toBeNull();
  });
});
