import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BillingOverview, BillingSubscription } from '@noise/shared/billing';
import { renderWithApp } from '@/test/render';
import { subscriptionOf } from '@/test/subscription';
import { answer, server } from '@/test/server';
import { BillingRoute } from './billing';

const plan = (over: Partial<BillingSubscription>): BillingSubscription => ({
  ...subscriptionOf({
    projectId: 'plan-1',
    packageTitle: 'Unlimited',
    amountCents: 249_500,
    nextChargeAt: '2027-01-01T03:00:00.000Z',
  }),
  title: 'Unlimited Design Requests',
  orderNumber: 1010,
  requests: null,
  ...over,
});

const overview = (
  subscriptions: BillingSubscription[],
  credit: BillingOverview['credit'] = null,
): BillingOverview => ({
  dues: [],
  invoices: [],
  subscriptions,
  documents: [],
  credit,
});

async function renderBilling(
  subscriptions: BillingSubscription[],
  credit: BillingOverview['credit'] = null,
) {
  answer('get', '/api/config', { companyName: 'Noise' });
  answer('get', '/api/billing', overview(subscriptions, credit));
  renderWithApp(<BillingRoute />, { role: 'client', path: '/dashboard/billing' });
  return within(await screen.findByRole('region', { name: 'Plans' }));
}

describe('Billing: a request plan’s use', () => {
  it('shows the places taken, this month’s requests against the cap and when it resets', async () => {
    const plans = await renderBilling([
      plan({
        requests: {
          activeRequestLimit: 1,
          requestsPerPeriod: 4,
          active: 1,
          usedThisPeriod: 3,
          extraThisPeriod: 1,
          period: 'month',
          resetsAt: '2027-01-01T03:00:00.000Z',
        },
      }),
    ]);
    expect(
      plans.getByText('1 of 1 active · 3 of 5 this month (1 extra) · Resets 01 Jan, 2027'),
    ).toBeInTheDocument();
  });

  it('says only how many this week without a cap, no reset once cancelled, and nothing for other plans', async () => {
    const plans = await renderBilling([
      plan({
        interval: 'weekly',
        status: 'cancelled',
        nextChargeAt: null,
        requests: {
          activeRequestLimit: 2,
          requestsPerPeriod: null,
          active: 0,
          usedThisPeriod: 3,
          extraThisPeriod: 0,
          period: 'week',
          resetsAt: null,
        },
      }),
      plan({ _id: 'sub-2', projectId: 'social-1', title: 'Social media', orderNumber: 1001 }),
    ]);
    expect(plans.getByText('0 of 2 active · 3 this week')).toBeInTheDocument();
    expect(plans.queryByText(/Resets/)).toBeNull();
    // Social media is not a request plan: one line of use on the page, the request plan's.
    expect(plans.getByText('Social media')).toBeInTheDocument();
    expect(plans.getAllByText(/ active · /)).toHaveLength(1);
  });

  it('words a quarterly plan by its quarter and a fortnightly one by its two weeks', async () => {
    const plans = await renderBilling([
      plan({
        interval: 'quarterly',
        amountCents: 207_900,
        requests: {
          activeRequestLimit: 1,
          requestsPerPeriod: 12,
          active: 1,
          usedThisPeriod: 4,
          extraThisPeriod: 0,
          period: 'quarter',
          resetsAt: '2027-01-01T03:00:00.000Z',
        },
      }),
      plan({
        _id: 'sub-2',
        projectId: 'social-1',
        title: 'Social media',
        orderNumber: 1001,
        interval: 'fortnightly',
        amountCents: 55_000,
        requests: {
          activeRequestLimit: 1,
          requestsPerPeriod: null,
          active: 0,
          usedThisPeriod: 2,
          extraThisPeriod: 0,
          period: '2 weeks',
          resetsAt: null,
        },
      }),
    ]);
    expect(plans.getByText(/\$2,079\.00 inc\. GST \/ quarter/)).toBeInTheDocument();
    expect(plans.getByText(/\$550\.00 inc\. GST \/ 2 weeks/)).toBeInTheDocument();
    expect(
      plans.getByText('1 of 1 active · 4 of 12 this quarter · Resets 01 Jan, 2027'),
    ).toBeInTheDocument();
    expect(plans.getByText('0 of 1 active · 2 these two weeks')).toBeInTheDocument();
  });
});

describe('Billing: account credit', () => {
  it('shows the balance and each entry, and no card at all without credit', async () => {
    await renderBilling([plan({})], {
      balanceCents: 7000,
      currency: 'AUD',
      entries: [
        {
          _id: 'e2',
          kind: 'spent',
          amountCents: -3000,
          currency: 'AUD',
          orderNumber: 1010,
          note: '',
          createdAt: '2026-12-01T03:00:00.000Z',
        },
        {
          _id: 'e1',
          kind: 'refund',
          amountCents: 10_000,
          currency: 'AUD',
          orderNumber: 1009,
          note: '',
          createdAt: '2026-11-20T03:00:00.000Z',
        },
      ],
    });
    const credit = within(screen.getByRole('region', { name: 'Account credit' }));
    expect(credit.getByText('$70.00')).toBeInTheDocument();
    expect(
      credit.getByText('Used first on the next renewal; the card pays only the rest.'),
    ).toBeInTheDocument();
    expect(credit.getByText('Paid toward Order 1010')).toBeInTheDocument();
    expect(credit.getByText('−$30.00')).toBeInTheDocument();
    expect(credit.getByText('Refund of Order 1009')).toBeInTheDocument();
    expect(credit.getByText('+$100.00')).toBeInTheDocument();
  });

  it('has no credit card when the company never had any', async () => {
    await renderBilling([plan({})], { balanceCents: 0, currency: 'AUD', entries: [] });
    expect(screen.queryByRole('region', { name: 'Account credit' })).not.toBeInTheDocument();
  });
});

describe('Billing: documents', () => {
  it('names each download by its document, starting with the words on screen even while busy', async () => {
    let release = () => {};
    const sent = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/documents/INV-1010-1.pdf', async () => {
        await sent;
        return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    answer('get', '/api/config', { companyName: 'Noise' });
    answer('get', '/api/billing', {
      ...overview([]),
      documents: [
        {
          kind: 'invoice',
          number: 'INV-1010-1',
          issuedAt: '2026-11-20T03:00:00.000Z',
          title: 'SEO',
          orderNumber: 1010,
          projectId: 'project-1',
          amountCents: 137_445,
          currency: 'AUD',
          url: '/api/documents/INV-1010-1.pdf',
        },
      ],
    } satisfies BillingOverview);
    const { user } = renderWithApp(<BillingRoute />, {
      role: 'client',
      path: '/dashboard/billing',
    });
    const documents = within(
      await screen.findByRole('region', { name: 'Invoices and adjustment notes' }),
    );
    await user.click(documents.getByRole('button', { name: 'Download tax invoice INV-1010-1' }));
    // While it downloads, the name still begins with what the button shows (WCAG 2.5.3).
    const busy = await documents.findByRole('button', {
      name: 'Downloading... tax invoice INV-1010-1',
    });
    expect(busy).toBeDisabled();
    release();
    await documents.findByRole('button', { name: 'Download tax invoice INV-1010-1' });
  });
});
